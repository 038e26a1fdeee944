import importlib.util
import os
import tempfile

import pytest

# The CLI caches results in the project by default; tests keep theirs out of the checkout.
os.environ.setdefault("TORCHLINT_CACHE_DIR", tempfile.mkdtemp(prefix="torchlint-test-cache-"))

HAS_TORCH = importlib.util.find_spec("torch") is not None
requires_torch = pytest.mark.skipif(not HAS_TORCH, reason="torch is not installed")
