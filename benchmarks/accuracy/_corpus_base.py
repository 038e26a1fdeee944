"""What the corpora built like the ``pytorch`` corpus share: that corpus's module, loaded once.

``corpus_wider.py``, ``corpus_unseen.py``, ``corpus_fresh.py`` and ``corpus_fresh2.py`` take their
shapes, their model building (``build_entry``) and the shared input kinds from
``corpus_pytorch.py``. ``ground_truth.load_corpus`` puts this folder on ``sys.path`` before it
loads a corpus, so a corpus module imports this one by name (the ground-truth child and
``score.py``, run as scripts from this folder, have it there already).
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from typing import Any


def pytorch_corpus() -> Any:
    """corpus_pytorch.py, loaded once under the name ground_truth.load_corpus gives it."""
    name = "accuracy_corpus_pytorch"
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(
            name, Path(__file__).with_name("corpus_pytorch.py")
        )
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return sys.modules[name]
