"""Hangs at import time."""

import time

time.sleep(3600)
