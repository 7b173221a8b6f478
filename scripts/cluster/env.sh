# Shared by run.sh and host.sh: where the cluster lives and how its parts are addressed.
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
WORK="${CLUSTER_WORK:-/tmp/stockpot-cluster}"
PG_BIN=/usr/lib/postgresql/15/bin
PRIMARY_PORT=5440
REPLICA_PORT=5441
POOLER_PORT=6441
BALANCER_PORT=3441
STATS_PORT=3443
APP_PORT=3442
# Each app host is a network namespace joined to the machine by a veth pair: 10.41.N.1 is the
# machine's end (where PostgreSQL, PgBouncer and HAProxy listen), 10.41.N.2 the host's.
HOSTS=(a b)
host_index() { [ "$1" = a ] && echo 1 || echo 2; }
host_ns() { echo "spc-$1"; }
host_addr() { echo "10.41.$(host_index "$1").2"; }
gateway_addr() { echo "10.41.$(host_index "$1").1"; }
