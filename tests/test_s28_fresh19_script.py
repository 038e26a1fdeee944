"""Session 28 (helper-255): what fresh19's TorchScript misses led to, in other spellings.

- A function defined in ``__init__`` and stored on the module (``def rot(self, x): ...;
  self.rot = rot``, phaseaug's ``stft_rot_istft``) is now reached from the scripted code that
  calls it: the summary records the nested ``def`` as what the attribute holds, so the TL2xx
  rules read its body (its ``self`` is a Tensor there: ``self.nfft`` fails).
- TL215: ``in`` / ``not in`` a list or tuple display holding ``None`` or a bool literal (df0's
  ``self.training_mode in [None, "F"]``): no list overload of ``aten::__contains__`` takes its
  element type (the generated ``contains_display_elements``).
- TL212: a dataclass config stored by a project base's ``__init__`` in another file
  (pytorch-mixtures' ``MoE.__init__(self, config: MoEConfig)``), read in a subclass's method.

Each claim about torch is checked by running it.
"""

from __future__ import annotations

import sys
import textwrap
from pathlib import Path

import pytest

from .conftest import requires_torch
from .lint_helpers import findings, load_module, project_findings

NESTED = """
import torch
from torch import nn


class Rotate(nn.Module):
    def __init__(self, nfft=16, exact=True):
        super().__init__()
        self.nfft = nfft
        if exact:
            def rotate(self, x, phi):
                return x * self.nfft + phi
        else:
            def rotate(self, x, phi):
                return x * self.nfft - phi
        self.rotate = rotate

    def forward(self, x, phi):
        return self.rotate(self, x, phi)
"""

NESTED_PLAIN = """
import torch
from torch import nn


class Rotate(nn.Module):
    def __init__(self):
        super().__init__()

        def rotate(x, phi):
            return x * 2 + phi

        self.rotate = rotate

    def forward(self, x, phi):
        return self.rotate(x, phi)
"""


def test_nested_function_stored_on_module_is_read():
    found = findings(NESTED, "TL205", "script")
    assert [d.line for d in found] == [11, 14]
    assert "nfft" in found[0].message


def test_plain_nested_function_stored_on_module_not_flagged():
    for code in ("TL205", "TL210", "TL212"):
        assert findings(NESTED_PLAIN, code, "script") == []


@requires_torch
def test_torch_fails_on_nested_function_taking_the_module(tmp_path: Path):
    import torch

    module = load_module(tmp_path, NESTED, "nested_s28")
    x = torch.randn(2, 3)
    module.Rotate()(x, x)  # eager runs it
    with pytest.raises(RuntimeError, match="failed to compile it to a TorchScript function"):
        torch.jit.script(module.Rotate())
    plain = load_module(tmp_path, NESTED_PLAIN, "nested_plain_s28")
    scripted = torch.jit.script(plain.Rotate())
    assert torch.equal(scripted(x, x), plain.Rotate()(x, x))


CONTAINS = """
from typing import Optional

import torch
from torch import nn


class Mode(nn.Module):
    def __init__(self, mode: Optional[str] = None, flag: bool = True):
        super().__init__()
        self.mode = mode
        self.flag = flag

    def forward(self, x):
        if self.mode not in [None, "F"]:
            x = x + 1
        if self.flag in (True, False):
            x = x * 2
        return x


def gate(x: torch.Tensor, mode: str) -> torch.Tensor:
    if mode in ("P", None):
        return x
    return -x


class Model(nn.Module):
    def forward(self, x):
        return gate(x, "P")
"""

CONTAINS_OK = """
import torch
from torch import nn


class Mode(nn.Module):
    def __init__(self, mode: str = "F", k: int = 2):
        super().__init__()
        self.mode = mode
        self.k = k

    def forward(self, x):
        if self.mode in ("P", "F") and self.k not in [0, 1] and 2.0 in [1.0, 2.0]:
            x = x + 1
        return x
"""


def test_in_display_holding_none_or_bool_flagged():
    found = findings(CONTAINS, "TL215", "script")
    assert [d.line for d in found] == [14, 16, 22]
    assert "holding `None`" in found[0].message
    assert "holding a bool" in found[1].message
    assert "tuple display holding `None`" in found[2].message


def test_in_display_of_ints_floats_strs_not_flagged():
    assert findings(CONTAINS_OK, "TL215", "script") == []


@requires_torch
def test_torch_rejects_in_display_holding_none_or_bool(tmp_path: Path):
    import torch

    module = load_module(tmp_path, CONTAINS, "contains_s28")
    x = torch.randn(2, 3)
    module.Mode()(x)
    module.Model()(x)
    for model in (module.Mode(), module.Mode("F"), module.Model()):
        with pytest.raises(RuntimeError, match="Arguments for call are not valid"):
            torch.jit.script(model)
    ok = load_module(tmp_path, CONTAINS_OK, "contains_ok_s28")
    scripted = torch.jit.script(ok.Mode())
    assert torch.equal(scripted(x), ok.Mode()(x))


PROJECT = {
    "cfgpkg_s28/__init__.py": "",
    "cfgpkg_s28/configs.py": """
        from dataclasses import dataclass


        @dataclass
        class Config:
            dim: int = 4
            scale: float = 2.0
        """,
    "cfgpkg_s28/base.py": """
        import torch
        from torch import nn

        from cfgpkg_s28.configs import Config


        class Base(nn.Module):
            def __init__(self, config: Config):
                super().__init__()
                self.cfg = config
                self.scale = config.scale
                self.fc = nn.Linear(config.dim, config.dim)

            def forward(self, x):
                return self.fc(x) * self.gain()

            def gain(self) -> float:
                return 1.0
        """,
    "cfgpkg_s28/child.py": """
        from cfgpkg_s28.base import Base


        class Child(Base):
            def gain(self) -> float:
                return self.cfg.scale


        class Kept(Base):
            def gain(self) -> float:
                return self.scale


        class Rebound(Base):
            def __init__(self, config):
                super().__init__(config)
                self.cfg = config.scale

            def gain(self) -> float:
                return self.cfg
        """,
}


def test_dataclass_stored_by_base_in_another_file_flagged(tmp_path: Path):
    assert project_findings(tmp_path, PROJECT, "TL212", "script") == [("child.py", 6)]


@requires_torch
def test_torch_fails_on_dataclass_stored_by_base(tmp_path: Path):
    import torch

    for name, text in PROJECT.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text).lstrip("\n"))
    sys.path.insert(0, str(tmp_path))
    try:
        from cfgpkg_s28.child import Child, Kept, Rebound  # type: ignore[import-not-found]
        from cfgpkg_s28.configs import Config  # type: ignore[import-not-found]

        x = torch.randn(2, 4)
        Child(Config())(x)
        with pytest.raises(RuntimeError, match="failed to convert Python type: 'cfgpkg_s28"):
            torch.jit.script(Child(Config()))
        for cls in (Kept, Rebound):
            model = cls(Config())
            assert torch.allclose(torch.jit.script(model)(x), model(x))
    finally:
        sys.path.remove(str(tmp_path))
        for name in [m for m in sys.modules if m.startswith("cfgpkg_s28")]:
            del sys.modules[name]
