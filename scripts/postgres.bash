# scripts/postgres.bash is sourced by scripts/test and scripts/load-bench: it
# starts a throwaway PostgreSQL cluster (Debian's postgresql, installed when
# missing) in a temporary directory, on a free port with its Unix socket in
# that directory, and stops it again. A real server, no mock.
#
#   source scripts/postgres.bash
#   postgres_start            # sets POSTGRES_URL (a superuser's URL) and POSTGRES_DIR
#   trap postgres_stop EXIT   # stops the server and removes the directory
#
# PostgreSQL refuses to run as root: as root, the cluster belongs to the
# "postgres" user that Debian's package creates.

# postgres_bindir prints the directory of Debian's PostgreSQL programs
# (initdb and pg_ctl are not on PATH there), installing postgresql when it
# is missing.
postgres_bindir() {
	local dir
	dir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
	if [ -z "$dir" ] || [ ! -x "$dir/initdb" ]; then
		echo "installing postgresql (for the PostgreSQL tests)" >&2
		local sudo=()
		[ "$(id -u)" -eq 0 ] || sudo=(sudo)
		"${sudo[@]}" apt-get update -qq >&2
		DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq postgresql >&2
		dir=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
	fi
	echo "$dir"
}

# postgres_as runs a command as the cluster's owner.
postgres_as() {
	if [ "$(id -u)" -eq 0 ]; then
		runuser -u postgres -- "$@"
	else
		"$@"
	fi
}

# postgres_free_port prints a TCP port nothing listens on.
postgres_free_port() {
	python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])' 2>/dev/null ||
		echo $((20000 + RANDOM % 20000))
}

postgres_start() {
	local bin port user
	bin=$(postgres_bindir)
	POSTGRES_BIN=$bin
	POSTGRES_DIR=$(mktemp -d -t outpost-postgres.XXXXXX)
	chmod 755 "$POSTGRES_DIR"
	mkdir "$POSTGRES_DIR/data"
	user=$(id -un)
	if [ "$(id -u)" -eq 0 ]; then
		chown postgres: "$POSTGRES_DIR" "$POSTGRES_DIR/data"
		user=postgres
	fi
	port=$(postgres_free_port)
	postgres_as "$bin/initdb" -D "$POSTGRES_DIR/data" -U "$user" --auth=trust --no-sync -E UTF8 >"$POSTGRES_DIR/initdb.log" 2>&1 || {
		cat "$POSTGRES_DIR/initdb.log" >&2
		return 1
	}
	# Loopback and the socket only; fsync off: a throwaway cluster.
	postgres_as "$bin/pg_ctl" -D "$POSTGRES_DIR/data" -l "$POSTGRES_DIR/server.log" -w -t 60 \
		-o "-p $port -k $POSTGRES_DIR -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200" start >/dev/null || {
		cat "$POSTGRES_DIR/server.log" >&2
		return 1
	}
	POSTGRES_URL="postgres://$user@127.0.0.1:$port/postgres?sslmode=disable"
	export POSTGRES_URL POSTGRES_DIR
}

postgres_stop() {
	[ -n "${POSTGRES_DIR:-}" ] || return 0
	postgres_as "$POSTGRES_BIN/pg_ctl" -D "$POSTGRES_DIR/data" -m immediate -w stop >/dev/null 2>&1 || true
	rm -rf "$POSTGRES_DIR"
	POSTGRES_DIR=
}
