"""What the corpora built like the ``pytorch`` corpus share: that corpus's module, loaded once.

``corpus_wider.py``, ``corpus_unseen.py`` and ``corpus_fresh*.py`` take their shapes, their model
building (``build_entry``) and the shared input kinds from ``corpus_pytorch.py``, and list their
runs (``models_in_modes``) and build them (``build_model``) alike. ``ground_truth.load_corpus`` puts this folder on ``sys.path`` before it
loads a corpus, so a corpus module imports this one by name (the ground-truth child and
``score.py``, run as scripts from this folder, have it there already).
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from typing import Any, Optional


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


# (module, class or factory, constructor arguments, input kind)
Entry = tuple[str, Any, dict[str, Any], str]


def models_in_modes(
    base_models: dict[str, Entry],
    modes: tuple[str, ...],
    training: Optional[tuple[str, ...]] = None,
) -> dict[str, Entry]:
    """``NAME.MODE`` for each base model in each of ``modes``; with ``training``, a mode other
    than eval only for the models named there (those whose code runs otherwise in training)."""
    return {
        f"{name}.{mode}": entry
        for name, entry in base_models.items()
        for mode in modes
        if training is None or mode == "eval" or name in training
    }


def build_model(models: dict[str, Entry], name: str) -> tuple[Any, str]:
    """The model (seeded weights) in the mode its name ends with, and its input kind."""
    return pytorch_corpus().build_entry(models[name], training=name.endswith(".train"))
