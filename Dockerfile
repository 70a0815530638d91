# CardScore: gunicorn (set up by gunicorn.conf.py) + whitenoise, static files collected at build,
# migrations run on start. Deploying it: docs/deploy.md.
FROM python:3.11-slim AS build
WORKDIR /build
COPY requirements.txt .
RUN pip wheel --no-cache-dir --wheel-dir /wheels -r requirements.txt

FROM python:3.11-slim
# FORWARDED_ALLOW_IPS: gunicorn believes X-Forwarded-Proto from any address, since the proxy in
# front (docs/deploy.md) has an address the image cannot know; publish the port only to that proxy.
ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 CARDSCORE_DATA_DIR=/data PORT=8000 \
    FORWARDED_ALLOW_IPS="*"
# The app runs as this user and can write only to /data (the SQLite database and the generated
# secret key); the code below stays root's, readable but not writable by it.
RUN groupadd --gid 1000 cardscore && useradd --create-home --uid 1000 --gid 1000 cardscore \
    && mkdir /data && chown 1000:1000 /data
# The result card's fonts (games/result_card.py): Latin, Nepali and Arabic letters.
RUN apt-get update && apt-get install -y --no-install-recommends fonts-dejavu-core fonts-noto-ui-core \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY --from=build /wheels /wheels
RUN pip install --no-cache-dir /wheels/* && rm -rf /wheels
COPY . .
# collectstatic needs a key only to import settings; the real one comes from the environment
# or is generated into the /data volume on first start. The bytecode is compiled here, as the
# app user could not write it.
RUN SECRET_KEY=build-only python manage.py collectstatic --noinput -v0 && python -m compileall -q /app
USER 1000:1000
VOLUME /data
EXPOSE 8000
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s \
  CMD ["python", "-c", "import os, urllib.request; urllib.request.urlopen(f'http://127.0.0.1:{os.environ[\"PORT\"]}/health/', timeout=4)"]
# Workers: gunicorn.conf.py (WEB_CONCURRENCY). The setup link is printed until the owner exists.
CMD ["sh", "-c", "python manage.py migrate --noinput && python manage.py setup_link && exec gunicorn cardscore.wsgi --bind 0.0.0.0:${PORT} --access-logfile -"]
