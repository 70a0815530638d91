#!/bin/sh
# Run once by the PostgreSQL image when its volume is empty (compose.yaml mounts it into
# /docker-entrypoint-initdb.d), after it has made the superuser postgres and the database
# cardscore. The app connects as the role cardscore, which owns that database and nothing else:
# not a superuser, so a flaw in the app cannot read other databases' files or run programs on
# the database's machine. The superuser loses its password and logs in only from inside the
# container (docker compose exec db psql --username=postgres), by its local socket.
set -eu
psql --set=ON_ERROR_STOP=1 --no-psqlrc --username="${POSTGRES_USER:-postgres}" --dbname="$POSTGRES_DB" \
  --set=admin="${POSTGRES_USER:-postgres}" --set=password="$POSTGRES_PASSWORD" <<'SQL'
CREATE ROLE cardscore LOGIN PASSWORD :'password';
ALTER DATABASE cardscore OWNER TO cardscore;
ALTER ROLE :"admin" PASSWORD NULL;
SQL
