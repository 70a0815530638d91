# CardScore: gunicorn (set up by gunicorn.conf.py) + whitenoise, static files collected at build,
# migrations run on start. Deploying it: docs/deploy.md.
FROM python:3.11-slim AS build
WORKDIR /build
COPY requirements.txt .
RUN pip wheel --no-cache-dir --wheel-dir /wheels -r requirements.txt

FROM python:3.11-slim
# FORWARDED_ALLOW_IPS: gunicorn believes X-Forwarded-Proto only from this machine and the ranges
# Docker gives its networks (Compose's Caddy, or a proxy on the host reaching a port published
# to 127.0.0.1); a client from anywhere else cannot claim HTTPS. Another proxy: docs/deploy.md.
ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 CARDSCORE_DATA_DIR=/data PORT=8000 \
    FORWARDED_ALLOW_IPS="127.0.0.1,::1,172.16.0.0/12,192.168.0.0/16"
# The app runs as this user and can write only to /data (the SQLite database and the generated
# secret key); the code below stays root's, readable but not writable by it.
RUN groupadd --gid 1000 cardscore && useradd --create-home --uid 1000 --gid 1000 cardscore \
    && mkdir -m 700 /data && chown 1000:1000 /data
# The result card's fonts (games/pages/result_card.py): Latin, Nepali and Arabic letters; and FriBiDi,
# which Pillow's wheel (bringing HarfBuzz and Raqm itself) loads at run time to lay out Nepali and
# Arabic: without it every card draws them letter by letter. Versions are not pinned: the Debian
# release of the base image already fixes them, and pins would break at its next point release.
# hadolint ignore=DL3008
RUN apt-get update && apt-get install -y --no-install-recommends fonts-dejavu-core fonts-noto-ui-core libfribidi0 \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /app
# The wheels are mounted for this one step, not copied: a copied layer stays in the image even
# once a later step deletes it.
RUN --mount=type=bind,from=build,source=/wheels,target=/wheels pip install --no-cache-dir /wheels/*
COPY . .
# gettext's msgfmt builds the translations (locale/*.po into .mo) and leaves again with its apt
# lists. compilemessages and collectstatic need a key only to import settings; the real one comes
# from the environment or is generated into the /data volume on first start. The bytecode is
# compiled here, as the app user could not write it. gettext is not pinned, as above.
# hadolint ignore=DL3008
RUN apt-get update && apt-get install -y --no-install-recommends gettext \
    && SECRET_KEY=build-only python manage.py compilemessages -v0 \
    && apt-get purge -y --auto-remove gettext && rm -rf /var/lib/apt/lists/* \
    && SECRET_KEY=build-only python manage.py collectstatic --noinput -v0 && python -m compileall -q /app
USER 1000:1000
VOLUME /data
EXPOSE 8000
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s \
  CMD ["python", "-c", "import os, urllib.request; urllib.request.urlopen(f'http://127.0.0.1:{os.environ[\"PORT\"]}/health/', timeout=4)"]
# Workers: gunicorn.conf.py (WEB_CONCURRENCY). The setup link is printed until the owner exists.
CMD ["sh", "-c", "python manage.py migrate --noinput && python manage.py setup_link && exec gunicorn cardscore.wsgi --bind 0.0.0.0:${PORT} --access-logfile -"]
