"""The built-in fixers: every Fixer subclass defined in a module of this package."""

from __future__ import annotations

from torchlint.lint.fixes import Fixer
from torchlint.lint.registry import classes_in_package

BUILTIN_FIXERS: list[type[Fixer]] = classes_in_package(__name__, __path__, Fixer, "codes")
