"""How large a request's body may be, by its path: large bodies only where they belong (a hand or a
correction with its photo, a photo alone, an imported table file), a form's few kilobytes anywhere
else. cardscore/worker.py refuses a larger Content-Length (413) before reading any of it, and
deploy/Caddyfile says the same of the largest."""

import re

# A phone's photo (games/plumbing/photos.py: MAX_BYTES, 15 MB) with its hand's fields; a table file is at
# most 2 MB (games/services/table_file.py).
LARGE_BODY = 16 * 1024 * 1024
SMALL_BODY = 1024 * 1024
# games/urls.py: add_hand, edit_hand, hand_photo and import_file (tests/test_slow_clients.py holds
# the two to each other).
UPLOAD_PATHS = re.compile(r"/(t/[^/]+/hands/(\d+/)?|t/[^/]+/hand/\d+/photo/|import/)")


def body_limit(path):
    """The most bytes a request to `path` (its query string apart) may send."""
    return LARGE_BODY if UPLOAD_PATHS.fullmatch(path) else SMALL_BODY
