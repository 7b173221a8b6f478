#!/usr/bin/env bash
# Starts one app host (WORKERS=2) inside its namespace, detached; its log is $WORK/logs/host-<name>.log.
#   scripts/cluster/host.sh a|b        CLUSTER_REPLICA=0 leaves DATABASE_REPLICA_URL unset
set -euo pipefail
source "$(dirname "$0")/env.sh"
name="$1"
gw="$(gateway_addr "$name")"
settings=(
  NODE_ENV=production LOG_LEVEL=warn PORT="$APP_PORT" HOST=0.0.0.0 WORKERS=2
  DATA_DIR="$WORK/data"
  # Through PgBouncer (transaction pooling): no named statements (docs/scaling.md).
  DATABASE_URL="postgres://postgres@$gw:$POOLER_PORT/stockpot"
  DATABASE_NAMED_STATEMENTS=off
  # LISTEN needs a session of its own, so it bypasses the pooler.
  EVENTS_LISTEN_URL="postgres://postgres@$gw:$PRIMARY_PORT/stockpot"
  TRUST_PROXY="$gw"
  SIGN_IN_MAX_PER_MINUTE=100000 SIGN_IN_MAX_FAILURES=100000
)
if [ "${CLUSTER_REPLICA:-1}" = 1 ]; then
  settings+=(DATABASE_REPLICA_URL="postgres://postgres@$gw:$POOLER_PORT/stockpot_replica" DATABASE_REPLICA_MAX_LAG_MS=1000)
fi
mkdir -p "$WORK/logs"
ip netns exec "$(host_ns "$name")" env "${settings[@]}" \
  setsid node "$ROOT/scripts/start.mjs" >>"$WORK/logs/host-$name.log" 2>&1 </dev/null &
echo "host $name: pid $!"
