#!/usr/bin/env bash
# A throw-away PostgreSQL server for the tests and benchmarks of StoreSync: a cluster made
# with initdb in a temporary folder, listening on 127.0.0.1 only, on a free port, with a
# random password (scram-sha-256), run as an unprivileged user (nobody) when called as
# root, since PostgreSQL refuses to run as root. Uses Debian's `postgresql` package.
#
#   Scripts/test-postgres.sh start [--owner-pid PID] [--tls CERT KEY] [-c name=value ...]
#       prints `URL FOLDER`: postgres://popcorn:PASSWORD@127.0.0.1:PORT/postgres and the
#       cluster's folder. With --owner-pid, the server stops by itself once PID has exited.
#       With --tls, the server offers TLS with this certificate and key (PEM files, copied
#       into the cluster's folder, where the server's user owns them as PostgreSQL asks).
#   Scripts/test-postgres.sh restart FOLDER
#       stops the server as a crash would (immediate shutdown) and starts it again, on the
#       same port: its clients' connections are cut, committed transactions are kept.
#   Scripts/test-postgres.sh stop FOLDER
#       stops the server and removes its folder: renamed at once, deleted in the background
#       (the tests leave gigabytes there, a database each, which take seconds to delete and
#       which nothing waits for).
#   Scripts/test-postgres.sh dump URL FILE
#       writes the database of URL to FILE with pg_dump (its custom format), as an
#       administrator backs a server up.
#   Scripts/test-postgres.sh restore URL FILE
#       puts the database of URL back as FILE holds it with pg_restore --clean, as an
#       administrator restores a server from a backup.
set -euo pipefail

postgres_bin() {
    local found
    found=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
    if [ -n "$found" ] && [ -x "$found/initdb" ]; then
        echo "$found"
    elif command -v initdb >/dev/null 2>&1; then
        dirname "$(command -v initdb)"
    else
        echo "PostgreSQL is not installed: apt-get install postgresql (.ci/run does it)" >&2
        return 1
    fi
}

# Runs a command as the cluster's owner: this user, or nobody when this user is root.
as_owner() {
    if [ "$(id -u)" = 0 ]; then
        runuser -u nobody -- "$@"
    else
        "$@"
    fi
}

port_is_free() {
    ! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null
}

start() {
    # Tests run in parallel, each with connections of its own (engines, watchers, checks,
    # and a pool of up to 20 per PostgreSQL store): the root package's tests reach 200 at
    # once, and a server out of slots fails their saves.
    local owner_pid="" settings=(-c max_connections=1000) tls_cert="" tls_key=""
    while [ $# -gt 0 ]; do
        case "$1" in
        --owner-pid) owner_pid="$2"; shift 2 ;;
        --tls) tls_cert="$2"; tls_key="$3"; shift 3 ;;
        -c) settings+=(-c "$2"); shift 2 ;;
        *) echo "unknown option $1" >&2; return 2 ;;
        esac
    done
    local bin folder password
    bin=$(postgres_bin)
    # As root the server runs as nobody, which must reach the folder: /tmp, not a TMPDIR
    # that may be root's own.
    local parent="${TMPDIR:-/tmp}"
    if [ "$(id -u)" = 0 ]; then parent=/tmp; fi
    folder=$(mktemp -d "$parent/popcorn-postgres.XXXXXX")
    chmod 700 "$folder"
    password=$(od -An -N16 -tx1 /dev/urandom | tr -d ' \n')
    printf '%s\n' "$password" >"$folder/password"
    if [ "$(id -u)" = 0 ]; then chown -R nobody:nogroup "$folder"; fi
    as_owner "$bin/initdb" -D "$folder/data" -U popcorn --auth=scram-sha-256 --pwfile="$folder/password" \
        -E UTF8 --no-locale --no-sync >"$folder/initdb.log" 2>&1 || {
        cat "$folder/initdb.log" >&2
        return 1
    }
    rm -f "$folder/password"
    if [ -n "$tls_cert" ]; then
        cp "$tls_cert" "$folder/server.crt"
        cp "$tls_key" "$folder/server.key"
        chmod 600 "$folder/server.crt" "$folder/server.key"
        if [ "$(id -u)" = 0 ]; then chown nobody:nogroup "$folder/server.crt" "$folder/server.key"; fi
        settings+=(-c ssl=on -c "ssl_cert_file=$folder/server.crt" -c "ssl_key_file=$folder/server.key")
    fi
    local port attempt
    for attempt in 1 2 3 4 5 6 7 8; do
        port=$(( 20000 + (RANDOM * 32768 + RANDOM) % 40000 ))
        port_is_free "$port" || continue
        if as_owner "$bin/pg_ctl" -D "$folder/data" -l "$folder/server.log" -w -t 60 \
            -o "-p $port -k $folder -c listen_addresses=127.0.0.1 ${settings[*]}" start >/dev/null 2>&1; then
            if [ -n "$owner_pid" ]; then
                # Stops the server once its owner is gone, however that ended (kill -9 too).
                nohup bash -c "while kill -0 $owner_pid 2>/dev/null; do sleep 1; done; \"\$0\" stop \"$folder\"" \
                    "$(cd "$(dirname "$0")" && pwd)/$(basename "$0")" >/dev/null 2>&1 &
            fi
            echo "postgres://popcorn:$password@127.0.0.1:$port/postgres $folder"
            return 0
        fi
        # Another program took the port in between: try another one.
        tail -n 3 "$folder/server.log" >&2 || true
    done
    echo "cannot start PostgreSQL; see $folder/server.log" >&2
    return 1
}

restart() {
    local folder="$1" bin
    bin=$(postgres_bin)
    as_owner "$bin/pg_ctl" -D "$folder/data" -l "$folder/server.log" -m immediate -w -t 60 restart >/dev/null 2>&1 || {
        tail -n 5 "$folder/server.log" >&2
        return 1
    }
}

stop() {
    local folder="$1" bin
    bin=$(postgres_bin)
    if [ -f "$folder/data/postmaster.pid" ]; then
        as_owner "$bin/pg_ctl" -D "$folder/data" -m immediate -w stop >/dev/null 2>&1 || true
    fi
    [ -d "$folder" ] || return 0
    local doomed
    doomed=$(mktemp -d "${folder%/}.removing.XXXXXX")
    mv "$folder" "$doomed/"
    setsid nohup rm -rf "$doomed" >/dev/null 2>&1 &
}

dump() {
    "$(postgres_bin)/pg_dump" --format=custom --dbname="$1" --file="$2"
}

restore() {
    "$(postgres_bin)/pg_restore" --clean --if-exists --single-transaction --dbname="$1" "$2"
}

case "${1:-}" in
start) shift; start "$@" ;;
restart) restart "$2" ;;
stop) stop "$2" ;;
dump) dump "$2" "$3" ;;
restore) restore "$2" "$3" ;;
*) echo "usage: $0 start [--owner-pid PID] [--tls CERT KEY] [-c name=value ...] | restart FOLDER | stop FOLDER | dump URL FILE | restore URL FILE" >&2; exit 2 ;;
esac
