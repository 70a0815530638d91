"""The address a request comes from, as the login lockout counts failures by it."""

import ipaddress

from django.conf import settings


def client_address(request):
    """The address that sent the request. Behind a proxy the server trusts (FORWARDED_ALLOW_IPS),
    it is the one that proxy read off the connection: the last in X-Forwarded-For that no trusted
    proxy added. What stands left of it was written by the client itself, and can be anything."""
    address = request.META.get("REMOTE_ADDR", "")
    forwarded = [part.strip() for part in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",") if part.strip()]
    while forwarded and trusted(address):
        address = forwarded.pop()
    return address


def trusted(address):
    """Whether `address` is a proxy the server believes (settings.TRUSTED_PROXIES)."""
    try:
        address = ipaddress.ip_address(address)
    except ValueError:
        return False
    return any(address in network for network in settings.TRUSTED_PROXIES)
