#!/usr/bin/env bash
# `npm run test:cluster` (Linux, as root; docs/scaling.md "The cluster test"): two app hosts in network
# namespaces, each WORKERS=2, behind HAProxy; PgBouncer (transaction pooling) in front of a PostgreSQL
# primary with a streaming replica made by pg_basebackup; one shared DATA_DIR. drive.ts then loads
# the balancer, kills host a (its processes, then its link), checks what must survive, and brings it
# back. Everything is removed at the end, pass or fail.
#   --figures   measure throughput instead (scripts/cluster/figures.ts)
set -euo pipefail
source "$(dirname "$0")/env.sh"

[ "$(id -u)" = 0 ] || { echo "test:cluster needs root (network namespaces)"; exit 1; }
for tool in haproxy pgbouncer; do
  command -v "$tool" >/dev/null || DEBIAN_FRONTEND=noninteractive apt-get install -y "$tool" >/dev/null
done

as_pg() { runuser -u postgres -- "$@"; }

cleanup() {
  set +e
  for name in "${HOSTS[@]}"; do
    ns="$(host_ns "$name")"
    pids="$(ip netns pids "$ns" 2>/dev/null)"
    [ -n "$pids" ] && kill -9 $pids 2>/dev/null
    ip netns del "$ns" 2>/dev/null
    ip link del "$ns-h" 2>/dev/null
  done
  [ -f "$WORK/haproxy.pid" ] && kill "$(cat "$WORK/haproxy.pid")" 2>/dev/null
  [ -f "$WORK/pgbouncer.pid" ] && kill "$(cat "$WORK/pgbouncer.pid")" 2>/dev/null
  for cluster in replica primary; do
    [ -d "$WORK/$cluster" ] && as_pg "$PG_BIN/pg_ctl" -D "$WORK/$cluster" -m immediate stop >/dev/null 2>&1
  done
  mkdir -p /tmp/stockpot-cluster-logs && cp -r "$WORK/logs/." /tmp/stockpot-cluster-logs/ 2>/dev/null
  rm -rf "$WORK"
}
cleanup
trap cleanup EXIT
mkdir -p "$WORK/logs" "$WORK/data"
chown -R postgres "$WORK"
chmod 777 "$WORK/data"

echo "== network namespaces"
for name in "${HOSTS[@]}"; do
  ns="$(host_ns "$name")"
  ip netns add "$ns"
  ip link add "$ns-h" type veth peer name "$ns-n"
  ip link set "$ns-n" netns "$ns"
  ip addr add "$(gateway_addr "$name")/24" dev "$ns-h"
  ip link set "$ns-h" up
  ip netns exec "$ns" ip addr add "$(host_addr "$name")/24" dev "$ns-n"
  ip netns exec "$ns" ip link set "$ns-n" up
  ip netns exec "$ns" ip link set lo up
done

echo "== PostgreSQL primary ($PRIMARY_PORT) and streaming replica ($REPLICA_PORT)"
as_pg "$PG_BIN/initdb" -D "$WORK/primary" -U postgres --auth=trust >/dev/null
cat >>"$WORK/primary/postgresql.conf" <<CONF
listen_addresses = '*'
port = $PRIMARY_PORT
max_connections = 200
shared_buffers = 128MB
wal_level = replica
max_wal_senders = 4
hot_standby = on
hot_standby_feedback = on
unix_socket_directories = '$WORK'
CONF
echo "host all all 10.41.0.0/16 trust" >>"$WORK/primary/pg_hba.conf"
echo "host replication all 127.0.0.1/32 trust" >>"$WORK/primary/pg_hba.conf"
as_pg "$PG_BIN/pg_ctl" -D "$WORK/primary" -l "$WORK/logs/primary.log" -w start >/dev/null
as_pg "$PG_BIN/psql" -h 127.0.0.1 -p "$PRIMARY_PORT" -U postgres -qc "CREATE DATABASE stockpot"
as_pg "$PG_BIN/pg_basebackup" -h 127.0.0.1 -p "$PRIMARY_PORT" -U postgres -D "$WORK/replica" -R -X stream
echo "port = $REPLICA_PORT" >>"$WORK/replica/postgresql.auto.conf"
as_pg "$PG_BIN/pg_ctl" -D "$WORK/replica" -l "$WORK/logs/replica.log" -w start >/dev/null

echo "== PgBouncer ($POOLER_PORT, transaction pooling)"
cat >"$WORK/pgbouncer.ini" <<CONF
[databases]
; plan_cache_mode cannot come as a startup option through PgBouncer 1.18 (ignored below), so it is set here.
stockpot = host=127.0.0.1 port=$PRIMARY_PORT dbname=stockpot connect_query='SET plan_cache_mode = force_generic_plan'
stockpot_replica = host=127.0.0.1 port=$REPLICA_PORT dbname=stockpot connect_query='SET plan_cache_mode = force_generic_plan'
[pgbouncer]
listen_addr = *
listen_port = $POOLER_PORT
unix_socket_dir =
auth_type = trust
auth_file = $WORK/pgbouncer.users
pool_mode = transaction
ignore_startup_parameters = options
max_client_conn = 1000
default_pool_size = 40
logfile = $WORK/logs/pgbouncer.log
pidfile = $WORK/pgbouncer.pid
log_connections = 0
log_disconnections = 0
CONF
echo '"postgres" ""' >"$WORK/pgbouncer.users"
chown postgres "$WORK/pgbouncer.ini" "$WORK/pgbouncer.users"
as_pg pgbouncer -d "$WORK/pgbouncer.ini"

echo "== HAProxy ($BALANCER_PORT; stats on $STATS_PORT)"
cat >"$WORK/haproxy.cfg" <<CONF
global
  pidfile $WORK/haproxy.pid
  maxconn 2000
defaults
  mode http
  timeout connect 1s
  timeout client 60s
  timeout server 60s
  # A request whose connection to a dead host fails goes to the other one.
  retries 2
  option redispatch
frontend balancer
  bind 127.0.0.1:$BALANCER_PORT
  default_backend app
backend app
  balance roundrobin
  option httpchk GET /api/health
  http-check expect status 200
  default-server inter 1s fall 2 rise 2
  server a $(host_addr a):$APP_PORT check
  server b $(host_addr b):$APP_PORT check
listen stats
  bind 127.0.0.1:$STATS_PORT
  stats enable
  stats uri /stats
CONF
haproxy -D -f "$WORK/haproxy.cfg"

wait_health() {
  local deadline=$((SECONDS + ${2:-240}))
  until ip netns exec "$(host_ns "$1")" curl -sf -o /dev/null "http://127.0.0.1:$APP_PORT/api/health"; do
    [ $SECONDS -lt $deadline ] || { echo "host $1 did not answer /api/health"; tail -20 "$WORK/logs/host-$1.log"; exit 1; }
    sleep 1
  done
}

echo "== app hosts"
# One host first: it migrates and loads the demo data alone (two first starts at once deadlock
# in pg-boss's create_queue, and the loser's process is restarted).
"$(dirname "$0")/host.sh" a
wait_health a
"$(dirname "$0")/host.sh" b
wait_health b

export CLUSTER_WORK="$WORK"
cd "$ROOT"
if [ "${1:-}" = --figures ]; then
  npx tsx scripts/cluster/figures.ts
else
  npx tsx scripts/cluster/drive.ts
fi
