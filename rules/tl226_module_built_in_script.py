"""TL226: an `nn.Module` built in scripted code."""

from __future__ import annotations

import libcst as cst

from torchlint.lint.rule import Invalid, Rule, Valid
from torchlint.rules._script import SCRIPT, in_script

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

    ## Why is this bad?
    TorchScript compiles a module's `__init__` only when it scripts the module object, never
    as a call in scripted code: `torch.jit.script` fails (Cannot instantiate class 'Identity'
    in a script function). `torch.jit.trace`, `torch.compile` and `torch.export` run the
    Python, so they build the layer on every call (with fresh random weights for a layer that
    has parameters, which other rules are about).

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
    ]
    INVALID = [
        Invalid(
            _example("        drop = nn.Dropout(0.0)\n        return drop(self.fc(x))"), line=11
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
