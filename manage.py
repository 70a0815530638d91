#!/usr/bin/env python
import os
import sys

if __name__ == "__main__":
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "cardscore.settings")
    from django.core.management import execute_from_command_line

    from cardscore.env import EnvError

    try:
        execute_from_command_line(sys.argv)
    except EnvError as error:
        sys.exit(f"CardScore settings: {error}")
