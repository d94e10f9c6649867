# Sourced by the scripts that run a PostgreSQL of their own (tools/mirror-ceiling.sh,
# tools/pg-standby-demo.sh): a temporary folder the server may write to, and a free port.
#   pg_scratch PREFIX   sets `work` (a new folder /tmp/PREFIX.XXXXXX) and `as_pg` (the words
#                       that run a command as the postgres user when run as root, which
#                       PostgreSQL refuses; none otherwise)
#   free_port           prints a TCP port free on 127.0.0.1
pg_scratch() {
  work=$(mktemp -d "/tmp/$1.XXXXXX")
  chmod 755 "$work"
  as_pg=()
  if [ "$(id -u)" -eq 0 ]; then
    chown postgres: "$work"
    as_pg=(runuser -u postgres --)
  fi
}

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
