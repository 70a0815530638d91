"""Cross-cutting concerns of every page: which proxy is believed, compression, first-visit setup,
htmx messages, no shared cache of a page, how long a phone keeps a signed-in page."""

from django.conf import settings
from django.contrib.messages import get_messages
from django.middleware.gzip import GZipMiddleware
from django.shortcuts import redirect
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.cache import patch_cache_control

from games.plumbing.addresses import trusted
from games.plumbing.first_run import has_owner


class ForwardedProtoMiddleware:
    """X-Forwarded-Proto makes a request secure in Django's eyes (settings.SECURE_PROXY_SSL_HEADER):
    it is believed from a trusted proxy only (FORWARDED_ALLOW_IPS), as gunicorn believes it, and
    dropped from anyone else, who could otherwise claim HTTPS on a plain connection."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if not trusted(request.META.get("REMOTE_ADDR", "")):
            request.META.pop("HTTP_X_FORWARDED_PROTO", None)
        return self.get_response(request)


class PrivatePagesMiddleware:
    """A page is for the phone that asked: its links are secrets (a scorekeeper's, the owner's list
    of tables), so no shared cache on the way keeps it."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if "Cache-Control" not in response and "text/html" in response.get("Content-Type", ""):
            patch_cache_control(response, private=True)
        return response


class FirstVisitSetupMiddleware:
    """Until the owner account exists, every page leads to the page that creates it (games/plumbing/first_run.py)."""

    def __init__(self, get_response):
        self.get_response = get_response
        self.has_owner = False

    def __call__(self, request):
        # Checked until the first account exists, then never again in this process; not for the
        # health check, which asks the database itself.
        if not self.has_owner and not request.path.startswith(
            (reverse("setup"), reverse("health"), reverse("manifest"), "/static/")
        ):
            self.has_owner = has_owner()
            if not self.has_owner:
                return redirect("setup")
        return self.get_response(request)


class ContentSecurityPolicyMiddleware:
    """Sends settings.CONTENT_SECURITY_POLICY with every response."""

    def __init__(self, get_response):
        self.get_response = get_response
        self.policy = settings.CONTENT_SECURITY_POLICY

    def __call__(self, request):
        response = self.get_response(request)
        response.setdefault("Content-Security-Policy", self.policy)
        return response


class HtmxMessagesMiddleware:
    """An htmx response carries pending messages out of band, so every swap can show them."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        # A 204 (an unchanged board) and a redirect carry no body: their messages wait for the next
        # page; so does a server failure's answer, which reads nothing (games/plumbing/faults.py).
        if (
            not getattr(request, "htmx", False)
            or response.streaming
            or response.status_code == 204
            or 300 <= response.status_code < 400
            or response.status_code >= 500
        ):
            return response
        if "text/html" not in response.get("Content-Type", ""):
            return response
        pending = list(get_messages(request))
        # A post's answer replaces the messages even with none, so that an earlier one ("Hand 1
        # saved.") does not stay beside the answer to this post.
        if pending or request.method == "POST":
            response.write(render_to_string("messages.html", {"messages": pending, "oob": True}))
        return response


KEEP_UNTIL = "CardScore-Keep-Until"  # milliseconds since 1970, as the worker's Date.now()


class SignedInPagesExpireMiddleware:
    """A page shown to a signed-in account (the home page lists every table's scorekeeper link)
    is kept on the phone for offline use (templates/sw.js) only as long as the sign-in lasts: the
    service worker serves no copy past this time, so an expired sign-in shows nothing offline."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        # Only a page the worker may keep (a whole page, not a poll's or a save's fragment, nor a
        # picture): asking who is signed in costs a query that polls do not make otherwise.
        page = response.status_code == 200 and response.get("Content-Type", "").startswith("text/html")
        if page and not request.headers.get("HX-Request") and request.user.is_authenticated:
            response[KEEP_UNTIL] = str(int(request.session.get_expiry_date().timestamp() * 1000))
        return response


class CompressionMiddleware(GZipMiddleware):
    """Pages, htmx answers and the app's other text gzipped for a phone that asks for it: a
    scorekeeper's page at 500 hands is 54 KB, 9 KB gzipped; a save's answer 6 KB, 2 KB. The app
    compresses wherever it is served, scripts/serve and docker run facing the phones as well as
    behind the Compose deployment's Caddy, whose `encode` leaves an answer that already says its
    Content-Encoding as it is (deploy/Caddyfile), so nothing is compressed twice.

    BREACH (a TLS eavesdropper who can make the phone send many requests guesses a secret in a
    compressed page from its length): Django's GZipMiddleware has mitigated it since 4.2 by
    writing a random 0–99 bytes into each answer's gzip header ("Heal The Breach", docs: "GZip
    middleware", and max_random_bytes), so a guess no longer shows in one answer's length. The
    CSRF token in a page is masked afresh in every answer (Django's CSRF docs, "BREACH"), the
    session and CSRF cookies are SameSite=Lax (another site's requests carry none) and a table's
    page is only asked for by a phone that already holds its link. Over plain HTTP on a home network
    an eavesdropper reads the page itself, so compressing it gives away nothing more.

    Only text: photos, the result card's PNG and static files (WhiteNoise, above this middleware,
    sends its own pre-compressed copies) are already as small as they get, and nothing streams."""

    TEXT = ("text/", "application/json", "application/manifest+json", "image/svg+xml")

    def process_response(self, request, response):
        if response.streaming or not response.get("Content-Type", "").startswith(self.TEXT):
            return response
        return super().process_response(request, response)
