"""The built-in rule pack: every Rule subclass defined in a module of this package.

One rule (or a small family) per file; adding a file adds its rules.
"""

from __future__ import annotations

from torchlint.lint.registry import classes_in_package
from torchlint.lint.rule import Rule

BUILTIN_RULES: list[type[Rule]] = classes_in_package(__name__, __path__, Rule, "code")
