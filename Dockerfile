# CardScore: gunicorn (set up by gunicorn.conf.py) + whitenoise, static files collected at build,
# migrations run on start.
FROM python:3.11-slim AS build
WORKDIR /build
COPY requirements.txt .
RUN pip wheel --no-cache-dir --wheel-dir /wheels -r requirements.txt

FROM python:3.11-slim
ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 CARDSCORE_DATA_DIR=/data PORT=8000
RUN useradd --create-home --uid 1000 cardscore && mkdir /data && chown cardscore /data
WORKDIR /app
COPY --from=build /wheels /wheels
RUN pip install --no-cache-dir /wheels/* && rm -rf /wheels
COPY --chown=cardscore . .
# collectstatic needs a key only to import settings; the real one comes from the environment
# or is generated into the /data volume on first start.
RUN SECRET_KEY=build-only python manage.py collectstatic --noinput -v0
USER cardscore
VOLUME /data
EXPOSE 8000
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s \
  CMD python -c "import os, urllib.request; urllib.request.urlopen(f'http://127.0.0.1:{os.environ[\"PORT\"]}/health/', timeout=4)"
CMD ["sh", "-c", "python manage.py migrate --noinput && exec gunicorn cardscore.wsgi --bind 0.0.0.0:${PORT} --access-logfile - --forwarded-allow-ips '*'"]
