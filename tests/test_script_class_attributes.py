"""Script misses of the heldout3 batch: class attributes read through ``self`` (TL216),
namespace config objects on ``self`` (TL212), str methods TorchScript lacks (TL209), a
submodule that is None by default called under a flag (TL213). Findings, what is left alone,
the TL216 fix, and torch's word on both."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from torchlint.lint.engine import lint_text
from torchlint.lint.fixes import compiles, fix_text
from torchlint.lint.rule import normalized
from torchlint.lint.run import lint_files
from torchlint.lint.settings import Settings

from .conftest import requires_torch

HEAD = "import torch\nfrom torch import nn\nfrom typing import Dict, Final, List\n\n\n"
TAIL = "\n\ndef inputs():\n    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]\n"


def _settings(select: str) -> Settings:
    return Settings(select=(select,), targets=("script",), targets_explicit=True)


def _lines(source: str, select: str) -> list[int]:
    return [d.line for d in lint_text("example.py", source, _settings(select)).diagnostics]


def _model(classes: str) -> str:
    return HEAD + textwrap.dedent(classes).strip() + "\n" + TAIL


# -- TL216 -------------------------------------------------------------------------------------
FLAGGED_216 = {
    "int": """
        class Model(nn.Module):
            repeats = 2

            def forward(self, x):
                return x * self.repeats
        """,
    "annotated-plain": """
        class Model(nn.Module):
            eps: float = 1e-5

            def forward(self, x):
                return x + self.eps
        """,
    "str-branch": """
        class Model(nn.Module):
            mode = "mean"

            def forward(self, x):
                if self.mode == "mean":
                    return x.mean(-1)
                return x.sum(-1)
        """,
    "tuple": """
        class Model(nn.Module):
            dims = (1, 2)

            def forward(self, x):
                return x * self.dims[0]
        """,
    "arithmetic": """
        class Model(nn.Module):
            scale = 1 / 3

            def forward(self, x):
                return x * self.scale
        """,
    "base-class": """
        class Base(nn.Module):
            eps = 1e-5

        class Model(Base):
            def forward(self, x):
                return x + self.eps
        """,
}

CLEAN_216 = {
    "set-in-init": """
        class Model(nn.Module):
            eps = 1e-5

            def __init__(self):
                super().__init__()
                self.eps = 1e-6

            def forward(self, x):
                return x + self.eps
        """,
    "subclass-sets-it": """
        class Base(nn.Module):
            eps = 1e-5

        class Model(Base):
            def __init__(self):
                super().__init__()
                self.eps = 1e-3

            def forward(self, x):
                return x + self.eps
        """,
    "final-in-base": """
        class Base(nn.Module):
            eps: Final[float] = 1e-5

        class Model(Base):
            def forward(self, x):
                return x + self.eps
        """,
    "mixin-final": """
        class Mix:
            init_std: Final[float] = 0.02

            def scaled(self, x):
                return x * self.init_std

        class Model(Mix, nn.Module):
            def forward(self, x):
                return self.scaled(x)
        """,
    "mixin-constants": """
        class Mix:
            __constants__ = ["init_std"]
            init_std = 0.02

            def scaled(self, x):
                return x * self.init_std

        class Model(Mix, nn.Module):
            def forward(self, x):
                return self.scaled(x)
        """,
    "methods": """
        class Model(nn.Module):
            @property
            def two(self) -> int:
                return 2

            @staticmethod
            def shift(x):
                return x + 1

            def helper(self, x):
                return x * 3

            def forward(self, x):
                return self.shift(self.helper(x)) * self.two
        """,
    "ignored-method": """
        class Model(nn.Module):
            eps = 1e-5

            @torch.jit.ignore
            def describe(self) -> str:
                return str(self.eps)

            def forward(self, x):
                return x
        """,
}

# Not flagged though torch rejects them (another mechanism; here to pin the scope): a module
# or a function stored on the class.
UNFLAGGED_FAILING_216 = {
    # The module's own `__constants__` hides the mixin's (TorchScript reads one, by getattr).
    "constants-of-mixin-hidden": """
        class Mix:
            __constants__ = ["init_std"]
            init_std = 0.02

            def scaled(self, x):
                return x * self.init_std

        class Model(Mix, nn.Module):
            __constants__ = ["k"]
            k = 2

            def forward(self, x):
                return self.scaled(x) * self.k
        """,
    "module-on-class": """
        class Model(nn.Module):
            act = nn.ReLU()

            def forward(self, x):
                return self.act(x)
        """,
}


@pytest.mark.parametrize("name", sorted(FLAGGED_216))
def test_class_attribute_flagged(name: str) -> None:
    assert _lines(_model(FLAGGED_216[name]), "TL216")


@pytest.mark.parametrize("name", sorted(CLEAN_216))
def test_class_attribute_clean(name: str) -> None:
    assert _lines(_model(CLEAN_216[name]), "TL216") == []


@requires_torch
def test_torch_agrees_on_class_attributes() -> None:
    from .oracle import check

    for name, body in FLAGGED_216.items():
        assert not check(_model(body), "script").ok, name
    for name, body in CLEAN_216.items():
        verdict = check(_model(body), "script")
        assert verdict.ok, (name, verdict.detail)
    for name, body in UNFLAGGED_FAILING_216.items():
        assert not check(_model(body), "script").ok, name


def test_class_attribute_of_a_base_in_another_file(tmp_path: Path) -> None:
    (tmp_path / "base.py").write_text(
        "from typing import Final\n\nfrom torch import nn\n\n\nclass Base(nn.Module):\n    eps = 1e-5\n    n: Final = 2\n"
    )
    (tmp_path / "model.py").write_text(
        "from base import Base\n\n\nclass Model(Base):\n    def forward(self, x):\n"
        "        return x * self.n + self.eps\n"
    )
    results = lint_files([str(tmp_path / "model.py")], settings=_settings("TL216"))
    found = [(d.line, d.column) for r in results for d in r.diagnostics]
    assert found == [(6, 29)], found  # `self.eps`, not the Final `self.n`
    # No fix: the class to annotate is in the other file.
    assert all(d.fix is None for r in results for d in r.diagnostics)


def _fix(source: str) -> str:
    outcome = fix_text("example.py", source, _settings("TL216"))
    assert compiles(outcome.text, "example.py") is None
    assert not outcome.dropped, outcome.dropped
    again = fix_text("example.py", outcome.text, _settings("TL216"))
    assert again.text == outcome.text
    return outcome.text


FIXED_216 = {
    "int": "    repeats: Final[int] = 2\n",
    "annotated-plain": None,  # already annotated: left alone
    "str-branch": '    mode: Final[str] = "mean"\n',
    "tuple": None,
    "arithmetic": None,
    "base-class": "    eps: Final[float] = 1e-5\n",
}


@pytest.mark.parametrize("name", sorted(FIXED_216))
def test_class_attribute_fix(name: str) -> None:
    source = _model(FLAGGED_216[name])
    fixed = _fix(source)
    expected = FIXED_216[name]
    if expected is None:
        assert fixed == source
    else:
        assert expected in fixed and fixed != source
        assert _lines(fixed, "TL216") == []


def test_no_fix_when_a_subclass_has_annotations() -> None:
    source = _model(
        """
        class Base(nn.Module):
            eps = 1e-5

        class Model(Base):
            sizes: List[int]

            def __init__(self):
                super().__init__()
                self.sizes = [4]

            def forward(self, x):
                return x + self.eps
        """
    )
    assert _fix(source) == source


def test_no_fix_when_it_would_hide_annotations() -> None:
    # Mix has none; Base after it has `cache`'s: annotating Mix would hide them.
    source = _model(
        """
        class Mix:
            init_std = 0.02

            def scaled(self, x):
                return x * self.init_std

        class Base(nn.Module):
            cache: Dict[str, torch.Tensor]

            def __init__(self):
                super().__init__()
                self.cache = {}

        class Model(Mix, Base):
            def forward(self, x):
                return self.scaled(x)
        """
    )
    assert _lines(source, "TL216")
    assert _fix(source) == source


@requires_torch
def test_torch_runs_the_fixed_class_attributes() -> None:
    from .oracle import check

    for name, expected in FIXED_216.items():
        if expected is None:
            continue
        fixed = _fix(_model(FLAGGED_216[name]))
        verdict = check(fixed, "script")
        assert verdict.ok, (name, verdict.detail, fixed)


def test_probe_sources_flagged() -> None:
    probes = Path(__file__).resolve().parent.parent / "benchmarks" / "script_probes"
    for stem, code in (
        ("heldout3_class_attribute_eps", "TL216"),
        ("heldout3_mixin_plain_attribute", "TL216"),
    ):
        source = (probes / f"{stem}.py").read_text()
        assert _lines(normalized(source), code), stem


# -- TL212: namespace objects on self ----------------------------------------------------------
NAMESPACE_212 = {
    "simple-namespace-call": (
        "import types\n" + HEAD,
        """
        class Model(nn.Module):
            def __init__(self):
                super().__init__()
                self.cfg = types.SimpleNamespace(scale=0.5)

            def forward(self, x):
                return x * self.cfg.scale
        """,
    ),
    "from-import": (
        "from types import SimpleNamespace\n" + HEAD,
        """
        class Model(nn.Module):
            def __init__(self):
                super().__init__()
                self.cfg = SimpleNamespace(scale=0.5)

            def forward(self, x):
                return x * self.cfg.scale
        """,
    ),
    "argparse-call": (
        "import argparse\n" + HEAD,
        """
        class Model(nn.Module):
            def __init__(self):
                super().__init__()
                self.args = argparse.Namespace(scale=0.5)

            def forward(self, x):
                return x * self.args.scale
        """,
    ),
}


@pytest.mark.parametrize("name", sorted(NAMESPACE_212))
def test_namespace_on_self_flagged(name: str) -> None:
    head, body = NAMESPACE_212[name]
    source = head + textwrap.dedent(body).strip() + "\n" + TAIL
    assert _lines(source, "TL212") == [HEAD.count("\n") + 1 + 7]


def test_namespace_read_only_in_init_is_clean() -> None:
    source = (
        "import types\n"
        + HEAD
        + textwrap.dedent(
            """
            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.cfg = types.SimpleNamespace(scale=0.5)
                    self.scale = self.cfg.scale

                def forward(self, x):
                    return x * self.scale
            """
        ).strip()
        + "\n"
        + TAIL
    )
    assert _lines(source, "TL212") == []


@requires_torch
def test_torch_rejects_namespaces_on_self() -> None:
    from .oracle import check

    for name, (head, body) in NAMESPACE_212.items():
        source = head + textwrap.dedent(body).strip() + "\n" + TAIL
        verdict = check(source, "script")
        assert not verdict.ok and "Namespace" in verdict.detail, (name, verdict.detail)


# -- TL209: str methods TorchScript's str lacks --------------------------------------------------
def _str_model(init: str, body: str, params: str = "") -> str:
    return _model(
        f"""
        class Model(nn.Module):
            def __init__(self{params}):
                super().__init__()
                {init}

            def forward(self, x):
                {body}
                return x
        """
    )


FLAGGED_STR = {
    "literal": ("self.k = 1", 'if "GELU".casefold() == "gelu":\n                    x = x * 2'),
    "attribute": ('self.act = "GELU"', "if self.act.isascii():\n                    x = x * 2"),
    "chained": (
        'self.act = "GELU"',
        'if self.act.lower().removeprefix("ge") == "lu":\n                    x = x * 2',
    ),
    "init-default": (
        "self.act = act",
        'if self.act.removesuffix("U") == "GEL":\n                    x = x * 2',
        ', act="GELU"',
    ),
    "local": (
        "self.k = 1",
        'name = "stage2"\n                if name.removeprefix("stage") == "2":\n'
        "                    x = x * 2",
    ),
    "str-call": (
        "self.k = 1",
        "if str(self.k).isascii():\n                    x = x * 2",
    ),
}
CLEAN_STR = {
    "lower": ('self.act = "GELU"', 'if self.act.lower() == "gelu":\n                    x = x * 2'),
    # Rebound to a non-str elsewhere: the type is not known to be str.
    "not-only-str": (
        'self.act = "GELU"\n                self.act = None',
        "if self.act is not None:\n                    x = x * 2",
    ),
}


@pytest.mark.parametrize("name", sorted(FLAGGED_STR))
def test_str_method_flagged(name: str) -> None:
    init, body, *params = FLAGGED_STR[name]
    source = _str_model(init, body, *params)
    found = lint_text("example.py", source, _settings("TL209")).diagnostics
    assert len(found) == 1 and "str method" in found[0].message, [d.message for d in found]


@pytest.mark.parametrize("name", sorted(CLEAN_STR))
def test_str_method_clean(name: str) -> None:
    init, body = CLEAN_STR[name]
    assert _lines(_str_model(init, body), "TL209") == []


def test_str_method_on_unknown_value_is_not_judged() -> None:
    # An unannotated parameter is a Tensor to TorchScript: another failure, another rule.
    source = _model(
        """
        def norm(name):
            return name.casefold()

        class Model(nn.Module):
            def forward(self, x):
                return x
        """
    )
    assert _lines(source, "TL209") == []


@requires_torch
def test_torch_agrees_on_str_methods() -> None:
    from .oracle import check

    for name, (init, body, *params) in FLAGGED_STR.items():
        verdict = check(_str_model(init, body, *params), "script")
        assert not verdict.ok and "'str' object has no attribute" in verdict.detail, (
            name,
            verdict.detail,
        )
    verdict = check(_str_model(*CLEAN_STR["lower"]), "script")
    assert verdict.ok, verdict.detail


# -- TL213: a submodule None with the constructor's defaults ---------------------------------------
def _none_model(body: str, init: str = "", params: str = "use_proj=False", head: str = "") -> str:
    init = init or "self.proj = nn.Linear(4, 4) if use_proj else None"
    return _model(
        head
        + f"""
        class Model(nn.Module):
            def __init__(self, {params}):
                super().__init__()
                self.use_proj = use_proj
                {init}

            def forward(self, x):
                {body}
        """
    )


I8 = "\n" + " " * 16
FLAGGED_NONE = {
    "flag": (f"if self.use_proj:{I8}    x = self.proj(x){I8}return x", "", ""),
    "unguarded": ("return self.proj(x)", "", ""),
    "not-flag-return": (f"if not self.use_proj:{I8}    return x{I8}return self.proj(x)", "", ""),
    "attribute-read": (f"if self.use_proj:{I8}    x = x @ self.proj.weight{I8}return x", "", ""),
    "if-else-init": (
        f"if self.use_proj:{I8}    x = self.proj(x){I8}return x",
        f"if use_proj:{I8}    self.proj = nn.Linear(4, 4){I8}else:{I8}    self.proj = None",
        "",
    ),
    "none-then-set": (
        f"if self.use_proj:{I8}    x = self.proj(x){I8}return x",
        f"self.proj = None{I8}if use_proj:{I8}    self.proj = nn.Linear(4, 4)",
        "",
    ),
}
CLEAN_NONE = {
    "is-not-none": (f"if self.proj is not None:{I8}    x = self.proj(x){I8}return x", "", ""),
    "is-none-return": (f"if self.proj is None:{I8}    return x{I8}return self.proj(x)", "", ""),
    "conditional": ("return self.proj(x) if self.proj is not None else x", "", ""),
    "and": (
        f"if self.use_proj and self.proj is not None:{I8}    x = self.proj(x){I8}return x",
        "",
        "",
    ),
    "or-return": (
        f"if self.proj is None or not self.use_proj:{I8}    return x{I8}return self.proj(x)",
        "",
        "",
    ),
    "local": (f"proj = self.proj{I8}if proj is not None:{I8}    x = proj(x){I8}return x", "", ""),
    "default-true": (
        f"if self.use_proj:{I8}    x = self.proj(x){I8}return x",
        "",
        "use_proj=True",
    ),
}


@pytest.mark.parametrize("name", sorted(FLAGGED_NONE))
def test_none_submodule_flagged(name: str) -> None:
    body, init, params = FLAGGED_NONE[name]
    source = _none_model(body, init, params or "use_proj=False")
    found = lint_text("example.py", source, _settings("TL213")).diagnostics
    assert len(found) == 1 and "NoneType" in found[0].message, [d.message for d in found]


@pytest.mark.parametrize("name", sorted(CLEAN_NONE))
def test_none_submodule_clean(name: str) -> None:
    body, init, params = CLEAN_NONE[name]
    assert _lines(_none_model(body, init, params or "use_proj=False"), "TL213") == []


def test_none_submodule_left_alone() -> None:
    flag = f"if self.use_proj:{I8}    x = self.proj(x){I8}return x"
    # A `Final` flag: TorchScript folds the test and drops the branch.
    final = _model(
        """
        class Model(nn.Module):
            use_proj: Final[bool]

            def __init__(self, use_proj=False):
                super().__init__()
                self.use_proj = use_proj
                self.proj = nn.Linear(4, 4) if use_proj else None

            def forward(self, x):
                if self.use_proj:
                    x = self.proj(x)
                return x
        """
    )
    assert _lines(final, "TL213") == []
    # Always None (nothing else ever stored): not this mechanism.
    assert _lines(_none_model(flag, "self.proj = None"), "TL213") == []
    # A parameter defaulting to None: callers pass one more often than not.
    assert _lines(_none_model(flag, "self.proj = proj", "use_proj=False, proj=None"), "TL213") == []


@requires_torch
def test_torch_agrees_on_none_submodules() -> None:
    from .oracle import check

    for name, (body, init, params) in FLAGGED_NONE.items():
        verdict = check(_none_model(body, init, params or "use_proj=False"), "script")
        assert not verdict.ok and "NoneType" in verdict.detail, (name, verdict.detail)
    for name, (body, init, params) in CLEAN_NONE.items():
        verdict = check(_none_model(body, init, params or "use_proj=False"), "script")
        assert verdict.ok, (name, verdict.detail)


CLASS_TABLE = """
    class Model(nn.Module):
        SCALE = {"low": 0.5, "high": 2.0}

        def __init__(self):
            super().__init__()
            self.proj = nn.Linear(4, 4)

        def forward(self, x):
            return self.proj(x) * self.SCALE["high"]
    """


def test_class_table_is_bound_on_the_instance_only_as_an_unsafe_fix() -> None:
    source = _model(CLASS_TABLE)
    assert _fix(source) == source  # no safe fix: a later `Model.SCALE = ...` would no longer reach
    settings = Settings(
        select=("TL216",), targets=("script",), targets_explicit=True, unsafe_fixes=True
    )
    fixed = fix_text("example.py", source, settings).text
    assert "super().__init__()\n        self.SCALE = self.SCALE\n" in fixed
    assert fix_text("example.py", fixed, settings).text == fixed
    assert _lines(fixed, "TL216") == []


def test_class_table_stays_when_a_method_stores_it() -> None:
    source = _model(CLASS_TABLE.replace("self.proj = nn.Linear(4, 4)", "self.SCALE = {}"))
    settings = Settings(
        select=("TL216",), targets=("script",), targets_explicit=True, unsafe_fixes=True
    )
    assert fix_text("example.py", source, settings).text == source


@requires_torch
def test_torch_scripts_the_class_table_bound_on_the_instance() -> None:
    from .oracle import check

    source = _model(CLASS_TABLE)
    assert not check(source, "script").ok
    settings = Settings(
        select=("TL216",), targets=("script",), targets_explicit=True, unsafe_fixes=True
    )
    verdict = check(fix_text("example.py", source, settings).text, "script")
    assert verdict.ok, verdict.detail
