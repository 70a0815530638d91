import os
import sys

from django.core.wsgi import get_wsgi_application

from cardscore.env import EnvError

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "cardscore.settings")
try:
    application = get_wsgi_application()
except EnvError as error:
    print(f"CardScore settings: {error}", file=sys.stderr)
    # gunicorn's "worker failed to boot": the whole server stops instead of starting workers forever.
    sys.exit(3)
