#!/usr/bin/env bash
# sqlmap (Debian's /usr/bin/sqlmap) against the store's search and API parameters (issue 10 security).
# Starts the built server (run `npm run build` first) on a free loopback port with a fresh data folder, runs
# sqlmap --batch on each key parameter, prints one line per target and exits 1 if any injection was found.
# Not part of `npm test`: it takes about 5-10 minutes. Run it with `npm run security:sqlmap`.
# Settings: SQLMAP_LEVEL (default 2), SQLMAP_RISK (default 1), SQLMAP_TECHNIQUE (default BEUT), SQLMAP_ONLY
# (run only the targets whose name contains this word).
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
LEVEL="${SQLMAP_LEVEL:-2}"
RISK="${SQLMAP_RISK:-1}"
TECHNIQUE="${SQLMAP_TECHNIQUE:-BEUT}"
SQLMAP="${SQLMAP:-/usr/bin/sqlmap}"

[ -x "$SQLMAP" ] || { echo "sqlmap not found at $SQLMAP (apt-get install sqlmap)" >&2; exit 2; }
[ -f "$ROOT/build/server/index.js" ] || { echo "No build: run npm run build first" >&2; exit 2; }

WORK="$(mktemp -d /tmp/ridgeline-sqlmap-XXXXXX)"
PORT="$(node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")"
BASE="http://127.0.0.1:${PORT}"

# The blocklist would answer sqlmap's probes with 403 (it blocks 'sleep(' and 'select(') and hide what the
# code behind it does; it is switched to a pattern nothing sends, and the lookup limits are raised, so
# sqlmap tests the parameter handling itself.
start_server() {
  PORT="$PORT" DATA_DIR="$WORK/data" HOST=127.0.0.1 LOG_LEVEL=error PAGE_CACHE=false SEARCH_KEY=search-sqlmap \
    BLOCKED_URL_SUBSTRINGS='sqlmap-run-blocks-nothing' BLOCKED_USER_AGENTS='sqlmap-run-blocks-nothing' \
    ORDER_STATUS_LIMIT_PER_IP=1000000 ORDER_STATUS_LIMIT_PER_EMAIL=1000000 \
    node --import tsx "$ROOT/server/main.ts" >"$WORK/server.log" 2>&1 &
  SERVER_PID=$!
  for _ in $(seq 1 120); do
    grep -q 'Ridgeline is running at' "$WORK/server.log" 2>/dev/null && return 0
    kill -0 "$SERVER_PID" 2>/dev/null || return 1
    sleep 1
  done
  return 1
}
SERVER_PID=
cleanup() {
  [ -n "$SERVER_PID" ] && kill "$SERVER_PID" 2>/dev/null || true
  [ -n "$SERVER_PID" ] && wait "$SERVER_PID" 2>/dev/null || true
  rm -rf "$WORK/data"
}
trap cleanup EXIT

# A build running at the same moment replaces build/: try again a few times before giving up.
started_ok=0
for _ in 1 2 3 4 5; do
  if start_server; then started_ok=1; break; fi
  cleanup
  sleep 10
done
[ "$started_ok" -eq 1 ] || { cat "$WORK/server.log" >&2; echo "server did not start" >&2; exit 2; }
echo "sqlmap $("$SQLMAP" --version 2>/dev/null | grep -Eo '[0-9][0-9.]+[^ ]*' | head -1) against $BASE (level $LEVEL, risk $RISK, techniques $TECHNIQUE)"

# Real ids, so the first request of each path-parameter target answers 200 (sqlmap stops at a 404).
read -r PRODUCT_ID CATEGORY_ID <<<"$(node -e "
  const base = '$BASE';
  const get = (p) => fetch(base + p, { headers: { region: 'us' } }).then((r) => r.json());
  Promise.all([get('/api/products?limit=1'), get('/api/categories?limit=1')]).then(([p, c]) =>
    console.log(p.data[0].id, c.data[0].id));
")"

# name | URL (a * marks a path parameter) | extra sqlmap arguments
TARGETS=(
  "search page q|$BASE/en-us/search?q=snowshoe|-p q"
  "search page filters|$BASE/en-us/search?q=pole&colour=Red&category=snowshoes&price=50-100&sort=price_desc&page=1|-p colour,category,price,sort,page"
  "search suggest q|$BASE/en-us/search/suggest?q=snow|-p q"
  "search service query (JSON)|$BASE/search/api/as/v1/engines/ridgeline/search.json|--data='{\"query\":\"snowshoe\",\"page\":{\"size\":5}}' --headers=Authorization:\ Bearer\ search-sqlmap"
  "api products keyword and filters|$BASE/api/products?keyword=trail&categories:in=1&id:in=1,2&page=1&limit=5|--headers=region:\ us -p keyword,categories:in,id:in,page,limit"
  "api product id|$BASE/api/products/${PRODUCT_ID}*|--headers=region:\ us"
  "api category id|$BASE/api/categories/${CATEGORY_ID}*|--headers=region:\ us"
  "api variants filters|$BASE/api/variants?product_id:in=1&sku=RL&page=1|--headers=region:\ us -p product_id:in,sku,page"
  "api order-status id and email|$BASE/api/order-status/1*?email=hannah.miller@example.com*|--headers=region:\ us --ignore-code=404"
)

found=0
started=$(date +%s)
for entry in "${TARGETS[@]}"; do
  IFS='|' read -r name url extra <<<"$entry"
  # SQLMAP_ONLY=word runs only the targets whose name contains it.
  [ -n "${SQLMAP_ONLY:-}" ] && [[ "$name" != *"$SQLMAP_ONLY"* ]] && continue
  log="$WORK/$(echo "$name" | tr -c 'a-z0-9' '-').log"
  t0=$(date +%s)
  # shellcheck disable=SC2086 # extra holds several arguments on purpose
  eval "\"$SQLMAP\" -u \"$url\" $extra --batch --level=$LEVEL --risk=$RISK --technique=$TECHNIQUE \
    --time-sec=2 --threads=2 --flush-session --disable-coloring --output-dir=\"$WORK/out\" >\"$log\" 2>&1" || true
  secs=$(( $(date +%s) - t0 ))
  if grep -q 'sqlmap identified the following injection point' "$log"; then
    found=1
    echo "INJECTABLE  $name  (${secs}s)"
    sed -n '/identified the following injection point/,/^---$/p' "$log" | head -30
  else
    tested=$(grep -c "testing '" "$log" || true)
    echo "clean       $name  ($tested payload families tested, ${secs}s)  $(grep -Eo 'all tested parameters do not appear to be injectable|no parameter\(s\) found for testing' "$log" | head -1)"
  fi
done
echo "total $(( $(date +%s) - started ))s; load average $(cut -d' ' -f1-3 /proc/loadavg); logs in $WORK"
if [ "$found" -ne 0 ]; then echo "sqlmap found injection points"; exit 1; fi
echo "sqlmap found nothing"
