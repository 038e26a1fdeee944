"""TL226: an `nn.Module`, or a plain class with a base of the project, built in scripted code."""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.rule import Invalid, Rule, Valid
from torchlint.rules._script import SCRIPT, in_script

# Bases a plain class may name and still compile as a TorchScript class.
PLAIN_BASES = frozenset({"builtins.object", "object"})

# The capitalised names of torch.nn that are not module classes (torch 2.13).
NOT_MODULES = frozenset({"Buffer", "Parameter", "UninitializedBuffer", "UninitializedParameter"})


def _example(body: str, extra: str = "") -> str:
    return (
        "import torch\nfrom torch import nn\n\n\n" + extra + "class Model(nn.Module):\n"
        "    def __init__(self):\n        super().__init__()\n"
        "        self.fc = nn.Linear(3, 3)\n\n"
        "    def forward(self, x):\n" + body + "\n\n\ndef inputs():\n"
        "    return [(torch.randn(2, 3),), (torch.randn(4, 3),)]\n"
    )


class ModuleBuiltInScript(Rule):
    """Flags the construction of an `nn.Module` in code `torch.jit.script` compiles.

    ## What it does
    Finds calls in scripted code that build a module: a `torch.nn` layer (`nn.Identity()`,
    `nn.Dropout(p)`) or a class of the project derived from `nn.Module`
    (`DWT1D(wave=wave)` in a function a scripted forward calls).
    Also a call, in scripted code, building a plain class of the project (no module) that
    derives from another class of the project, every class of its chain deriving only from
    project classes or `object` (`RatioAnchorSpec(AnchorSpec)` built in `forward`). Not
    flagged: an exception class raised (`raise ShapeError(...)` is compiled without its class),
    a class with a base outside the project (an `Enum`, a `NamedTuple`, an `Exception`).

    ## Why is this bad?
    TorchScript compiles a module's `__init__` only when it scripts the module object, never
    as a call in scripted code: `torch.jit.script` fails (Cannot instantiate class 'Identity'
    in a script function). `torch.jit.trace`, `torch.compile` and `torch.export` run the
    Python, so they build the layer on every call (with fresh random weights for a layer that
    has parameters, which other rules are about).
    A plain class built in scripted code is compiled as a TorchScript class, and a
    TorchScript class has no inheritance: its base's `__init__`, methods and attributes are not
    there (torch 2.13: `'Tensor' object has no attribute or method '__init__'` for
    `super().__init__(...)`, `Tried to set an attribute: size on a non-class` for
    `Base.__init__(self, ...)`, `object has no attribute or method 'scale'` for an inherited
    method, `Class B does not have an __init__ function defined` for an inherited `__init__`).

    ## Example
    ```python
    def analyse(x: torch.Tensor) -> torch.Tensor:
        return DWT1D(wave="haar")(x)
    ```
    Use instead: build the module once in `__init__` (`self.dwt = DWT1D(wave="haar")`) and call
    `self.dwt(x)`, or call the functional form (`F.dropout(x, p, self.training)`).

    ## Fix safety
    No automatic fix: moving the construction changes where the module lives and, for a layer
    with parameters, what the model learns.
    """

    code = "TL226"
    name = "module-built-in-script"
    message = (
        "an `nn.Module` built in scripted code: torch.jit.script fails (Cannot instantiate "
        "class in a script function); build it once in `__init__` and call the attribute"
    )
    targets = SCRIPT

    VALID = [
        Valid(
            _example("        return self.fc(x)"),
        ),
        # A TorchScript class (not a module) may be built in scripted code.
        Valid(
            _example(
                "        return Box(2.0).scale(self.fc(x))",
                extra=(
                    "@torch.jit.script\nclass Box:\n    def __init__(self, k: float):\n"
                    "        self.k = k\n\n    def scale(self, x: torch.Tensor) -> torch.Tensor:\n"
                    "        return x * self.k\n\n\n"
                ),
            ),
        ),
        # A plain class of the file deriving from `object` only compiles; an exception class
        # of the project raised is compiled without its class.
        Valid(
            _example(
                "        if x.dim() != 2:\n            raise BadShape('expected 2-D')\n"
                "        return Gain(2.0).scale(self.fc(x))",
                extra=(
                    "class ShapeError(Exception):\n    pass\n\n\n"
                    "class BadShape(ShapeError):\n    pass\n\n\n"
                    "class Gain(object):\n    def __init__(self, k: float):\n        self.k = k\n\n"
                    "    def scale(self, x: torch.Tensor) -> torch.Tensor:\n"
                    "        return x * self.k\n\n\n"
                ),
            ),
        ),
    ]
    INVALID = [
        Invalid(
            _example("        drop = nn.Dropout(0.0)\n        return drop(self.fc(x))"), line=11
        ),
        # A plain class deriving from a class of the file: no inheritance in TorchScript.
        Invalid(
            _example(
                "        return Ratio(2.0, 0.5).scale(self.fc(x))",
                extra=(
                    "class Gain:\n    def __init__(self, k: float):\n        self.k = k\n\n"
                    "    def scale(self, x: torch.Tensor) -> torch.Tensor:\n"
                    "        return x * self.k\n\n\n"
                    "class Ratio(Gain):\n    def __init__(self, k: float, r: float):\n"
                    "        super().__init__(k * r)\n\n\n"
                ),
            ),
            line=24,
            message_contains="no inheritance",
        ),
        # A project module built in a helper the scripted forward calls.
        Invalid(
            _example(
                "        return analyse(self.fc(x))",
                extra=(
                    "class Haar(nn.Module):\n    def forward(self, x):\n        return x * 0.5\n\n\n"
                    "def analyse(x: torch.Tensor) -> torch.Tensor:\n"
                    "    step = Haar()\n    return step(x)\n\n\n"
                ),
            ),
            line=11,
            message_contains="Cannot instantiate class",
        ),
    ]

    def visit_Call(self, node: cst.Call) -> None:
        if not in_script(self.ctx):
            return
        name = self.ctx.qualified_name(node.func)
        if name is not None and self._module_class(name):
            self.report(node)
            return
        base = self._project_base(name) if name is not None else None
        if base is not None and not self._raised(node):
            short = name.rpartition(".")[2]  # type: ignore[union-attr]
            self.report(
                node,
                f"`{short}(...)` builds the plain class `{short}`, which derives from "
                f"`{base.rpartition('.')[2]}` of the project: TorchScript compiles a class "
                "built in scripted code as a TorchScript class, which has no inheritance, so "
                "the base's `__init__`, methods and attributes are not there and scripting "
                "fails (torch 2.13: 'Tensor' object has no attribute or method '__init__' for "
                "`super().__init__(...)`; has no attribute or method for an inherited one); "
                f"give `{short}` every method and attribute it uses itself, deriving from "
                "`object` only",
            )

    def _project_base(self, name: str) -> Optional[str]:
        """The first project base of ``name``, a plain class of the project (no module, no
        autograd function) every class of whose chain derives only from project classes or
        ``object``; None otherwise."""
        index = self.ctx.index
        info = index.class_info(name)
        if info is None or index.is_module_class(name) or index.is_autograd_function(name):
            return None
        chain = index.mro(name)
        for _, _, cls in chain:
            for base in cls.bases:
                if base not in PLAIN_BASES and index.class_info(base) is None:
                    return None
        return next((base for base in info[1].bases if index.class_info(base) is not None), None)

    def visit_Raise(self, node: cst.Raise) -> None:
        if node.exc is not None:
            self.__dict__.setdefault("_raised_calls", set()).add(id(node.exc))

    def _raised(self, node: cst.Call) -> bool:
        """Whether ``node`` is the exception of a ``raise`` statement."""
        return id(node) in self.__dict__.get("_raised_calls", ())

    def _module_class(self, name: str) -> bool:
        """A torch.nn layer, or a project class with one among its bases."""
        if _torch_module(name):
            return True
        return any(
            _torch_module(base) for _, _, cls in self.ctx.index.mro(name) for base in cls.bases
        )


def _torch_module(name: str) -> bool:
    """``torch.nn.Linear``, ``torch.nn.Module``: a module class of torch.nn (its capitalised
    names but ``NOT_MODULES``)."""
    if not name.startswith("torch.nn."):
        return False
    rest = name[len("torch.nn.") :]
    return "." not in rest and rest[:1].isupper() and rest not in NOT_MODULES
