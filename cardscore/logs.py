"""Table links in logs: /t/<token>/ is a secret (a scorekeeper's or a viewer's link), so what
gunicorn's access log and Django's own log lines ("Not Found: /t/...") write keeps only its first
four characters, enough to tell tables apart when reading a log."""

import logging
import re

from gunicorn import glogging

# A token is URL-safe base64; its slashes may come percent-encoded (a login's ?next=%2Ft%2F…).
TABLE_LINK = re.compile(r"((?:/|%2F)t(?:/|%2F)[\w-]{4})[\w-]*", re.IGNORECASE)


def mask_tokens(text):
    return TABLE_LINK.sub(r"\1…", text)


class MaskTokens(logging.Filter):
    """For settings.LOGGING's handler: the message and any traceback, with their links masked."""

    def filter(self, record):
        record.msg, record.args = mask_tokens(record.getMessage()), None
        if record.exc_info and not record.exc_text:
            record.exc_text = logging.Formatter().formatException(record.exc_info)
        if record.exc_text:
            record.exc_text = mask_tokens(record.exc_text)
        return True


class GunicornLogger(glogging.Logger):
    """gunicorn.conf.py's logger_class: the request line, path, Referer and every other text an
    access log format may name, masked."""

    def atoms(self, resp, req, environ, request_time):
        return {
            name: mask_tokens(value) if isinstance(value, str) else value
            for name, value in super().atoms(resp, req, environ, request_time).items()
        }
