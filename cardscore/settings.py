"""CardScore settings, all read from the environment (see README: Configuration)."""

import os
import secrets
from datetime import timedelta
from pathlib import Path

from cardscore import env

BASE_DIR = Path(__file__).resolve().parent.parent


def persistent_secret_key(data_dir):
    """SECRET_KEY from the environment (or the file SECRET_KEY_FILE names), else one generated
    once and kept in the data folder, which only this user may read (the SQLite database is there
    too)."""
    if env.text("SECRET_KEY"):
        return env.text("SECRET_KEY")
    key_file = data_dir / "secret_key"
    try:
        if not key_file.exists():
            data_dir.mkdir(mode=0o700, parents=True, exist_ok=True)
            with open(os.open(key_file, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600), "w") as file:
                file.write(secrets.token_urlsafe(50))
        return key_file.read_text().strip()
    except OSError as error:
        raise env.EnvError(
            f"CARDSCORE_DATA_DIR: cannot keep the secret key in {key_file} ({error.strerror}); "
            "make the folder writable or set SECRET_KEY"
        ) from None


DATA_DIR = Path(env.text("CARDSCORE_DATA_DIR") or BASE_DIR / "data")
SECRET_KEY = persistent_secret_key(DATA_DIR)
DEBUG = env.boolean("DEBUG", False)
# A home server is reached by whatever address the phones use, so any host is allowed by default.
ALLOWED_HOSTS = [*env.host_names("ALLOWED_HOSTS", "*"), "127.0.0.1", "localhost"]  # local: the health check
CSRF_TRUSTED_ORIGINS = env.web_addresses("CSRF_TRUSTED_ORIGINS")
# Read by gunicorn.conf.py; checked here too, because gunicorn itself stops with a traceback on a
# WEB_CONCURRENCY that is not a number, and every start (scripts/serve, the container) runs
# manage.py first.
env.workers()
env.threads()
env.integer("PORT", 8000, maximum=65535)

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django_htmx",
    "template_partials",
    "axes",
    "games",
    # The games, one folder each (games/sdk/registry.py): the order is the home page's.
    "games.marriage",
    "games.marriage_honors",
    "games.konkan",
    "games.thirteen",
    "games.callbreak",
    "games.twentyfour",
    "games.scoresheet",
    "games.tarneeb",
]

MIDDLEWARE = [
    "games.plumbing.middleware.ForwardedProtoMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # After WhiteNoise, which answers static files (pre-compressed) itself; before every middleware
    # that reads or writes a page's body (games/plumbing/middleware.py: CompressionMiddleware).
    "games.plumbing.middleware.CompressionMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "games.plumbing.language.LanguageMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "games.plumbing.middleware.ContentSecurityPolicyMiddleware",
    "games.plumbing.middleware.PrivatePagesMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "games.plumbing.middleware.FirstVisitSetupMiddleware",
    "games.plumbing.middleware.HtmxMessagesMiddleware",
    "games.plumbing.middleware.SignedInPagesExpireMiddleware",
    "axes.middleware.AxesMiddleware",
    "games.plumbing.faults.ServerTroubleMiddleware",
]

AUTHENTICATION_BACKENDS = ["axes.backends.AxesStandaloneBackend", "django.contrib.auth.backends.ModelBackend"]
# Five wrong passwords for one account from one address lock it out for 15 minutes. Behind a
# proxy the address is the phone's, not the proxy's (games/plumbing/addresses.py): otherwise anyone on the
# internet could lock the owner out, five tries every 15 minutes.
AXES_CLIENT_IP_CALLABLE = "games.plumbing.addresses.client_address"
# The proxies whose X-Forwarded-* headers are believed, as gunicorn reads the same variable.
TRUSTED_PROXIES = env.networks("FORWARDED_ALLOW_IPS", "127.0.0.1,::1")
AXES_FAILURE_LIMIT = 5
AXES_COOLOFF_TIME = timedelta(minutes=15)
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_VERBOSE = False
AXES_LOCKOUT_TEMPLATE = "registration/locked_out.html"
# No inline script anywhere: scripts, styles and images come from this server only.
CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; "
    "form-action 'self'"
)


def add_static_headers(headers, path, url):
    """WhiteNoise answers static files before any middleware: give them the policy too."""
    headers["Content-Security-Policy"] = CONTENT_SECURITY_POLICY


WHITENOISE_ADD_HEADERS_FUNCTION = add_static_headers

ROOT_URLCONF = "cardscore.urls"
WSGI_APPLICATION = "cardscore.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "games.plumbing.language.switcher",
            ],
        },
    },
]

# Each process keeps its own cache in memory: whole viewer pages (until the table changes) and
# page fragments (games/pages/fragments.py), a few KB each; the oldest third goes when it is full.
CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "OPTIONS": {"MAX_ENTRIES": 3000}}}

DATABASES = {"default": env.database("DATABASE_URL", f"sqlite:///{DATA_DIR / 'cardscore.sqlite3'}")}
# The options below are defaults: those in DATABASE_URL's query string (?sslmode=require,
# &connect_timeout=5...) are kept and win.
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    # Django's backend with a health check that costs no round trip (cardscore/postgresql/).
    DATABASES["default"]["ENGINE"] = "cardscore.postgresql"
    # A query run a sixth time on a connection is prepared: PostgreSQL stops parsing and
    # planning the few queries every poll and board make (a third of their time).
    # A database host that vanished is given up on in 5 s, while the phone still waits for an
    # answer (15 s), so that it hears 503 and keeps the hand, instead of hearing nothing.
    database_defaults: dict[str, object] = {"server_side_binding": True, "prepare_threshold": 5, "connect_timeout": 5}
else:
    # Django's backend whose write transactions queue without polling (cardscore/sqlite/).
    DATABASES["default"]["ENGINE"] = "cardscore.sqlite"
    # Tests use a file too, so concurrent posts meet SQLite's real locking.
    DATABASES["default"]["TEST"] = {"NAME": str(DATA_DIR / f"test-cardscore-{os.getpid()}.sqlite3")}
    database_defaults = {
        # WAL lets phones read while one writes; IMMEDIATE takes the write lock up front so two
        # posts queue (on the lock file, then on the busy timeout for any other writer) instead of
        # failing mid-transaction.
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
        "transaction_mode": "IMMEDIATE",
        "timeout": 20,
    }
DATABASES["default"]["OPTIONS"] = {**database_defaults, **DATABASES["default"].get("OPTIONS", {})}

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
# Marked, so that the phone forgets the pages it kept while signed in (static/offline.js).
LOGOUT_REDIRECT_URL = "/?signed-out"

LANGUAGE_CODE = "en"
LANGUAGES = [("en", "English"), ("ne", "Nepali"), ("ar", "Arabic")]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = env.time_zone("TIME_ZONE", "UTC")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = BASE_DIR / "staticfiles"
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
# A post's fields, files apart; a file (a hand's photo, a table file) goes to memory up to Django's
# 2.5 MB, beyond that to a temporary file that keeps at most a photo's limit (games/plumbing/photos.py).
DATA_UPLOAD_MAX_MEMORY_SIZE = 5 * 1024 * 1024
FILE_UPLOAD_HANDLERS = [
    "django.core.files.uploadhandler.MemoryFileUploadHandler",
    "games.plumbing.photos.BoundedUpload",
]
# The room the hands' photos may take in the data folder (a kept photo is 0.1–0.9 MB): a table's,
# and the whole server's. A photo past either is refused beside its field (the hand saves without it).
PHOTOS_TABLE_MB = env.integer("PHOTOS_TABLE_MB", 200)
PHOTOS_TOTAL_MB = env.integer("PHOTOS_TOTAL_MB", 10_000)

# Behind HTTPS (a reverse proxy that sets X-Forwarded-Proto), set HTTPS=true.
HTTPS = env.boolean("HTTPS", False)
SESSION_COOKIE_SECURE = CSRF_COOKIE_SECURE = LANGUAGE_COOKIE_SECURE = HTTPS
SECURE_SSL_REDIRECT = HTTPS
SECURE_REDIRECT_EXEMPT = [r"^health/$"]
SECURE_HSTS_SECONDS = 31536000 if HTTPS else 0
SECURE_HSTS_INCLUDE_SUBDOMAINS = HTTPS
# Preloading binds the domain and every name under it to HTTPS in browsers for months, even once
# the header is gone: only for an owner who asks for it (HSTS_PRELOAD=true). Without it, the
# deploy check that asks for preloading (W021) is silenced.
SECURE_HSTS_PRELOAD = HTTPS and env.boolean("HSTS_PRELOAD", False)
if HTTPS:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_CONTENT_TYPE_NOSNIFF = True
X_FRAME_OPTIONS = "DENY"
if not HTTPS:
    SILENCED_SYSTEM_CHECKS = ["security.W004", "security.W008", "security.W012", "security.W016"]
else:
    SILENCED_SYSTEM_CHECKS = [] if SECURE_HSTS_PRELOAD else ["security.W021"]

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    # Table links are secrets: every line logged keeps only their first characters (cardscore/logs.py).
    "filters": {
        "mask_tokens": {"()": "cardscore.logs.MaskTokens"},
        "without_traceback": {"()": "games.plumbing.faults.WithoutTraceback"},
    },
    "handlers": {"console": {"class": "logging.StreamHandler", "filters": ["without_traceback", "mask_tokens"]}},
    "root": {
        "handlers": ["console"],
        "level": env.choice("LOG_LEVEL", "INFO", ["DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"]),
    },
}

# The address people open, used in links printed on the command line (e.g. http://192.168.1.20:8000).
SITE_URL = env.web_address("SITE_URL")
