"""TL236: `warnings.warn` given a warning category in scripted code."""

from __future__ import annotations

import libcst as cst

from torchlint.lint.rule import Invalid, Rule, Valid
from torchlint.rules._script import SCRIPT, in_script, is_none, literal_type

# The spellings TorchScript binds to `aten::warn` (`torch.jit._builtins._find_builtin`).
WARN = frozenset({"warnings.warn"})


def _example(call: str) -> str:
    return (
        "import warnings\n\nimport torch\nfrom torch import nn\n\n\n"
        "class Model(nn.Module):\n"
        "    def forward(self, x):\n"
        "        if x.shape[0] > 3:\n"
        f"            {call}\n"
        "        return x * 2\n\n\n"
        "def inputs():\n"
        "    return [(torch.randn(2, 3),), (torch.randn(5, 3),)]\n"
    )


class WarningCategoryInScript(Rule):
    """Flags `warnings.warn(message, category)` in code `torch.jit.script` compiles.

    ## What it does
    Finds calls of `warnings.warn` (however imported: `from warnings import warn`) in
    scripted code that pass a warning category, as the second positional argument or as
    `category=` (`warnings.warn("too long", RuntimeWarning)`, `warn(msg,
    category=DeprecationWarning)`, a warning class of the file).

    ## Why is this bad?
    TorchScript binds `warnings.warn` to `aten::warn(str message, int stacklevel=2)`: it
    has no category. The class given there is a Python exception class, which TorchScript
    cannot hold, and torch 2.13 fails to script the model with `Python exception cannot be
    used as a value` (a category keyword, or any other value there, fails the same call).
    Eager Python warns with that category.

    ## Example
    ```python
    warnings.warn("sequence longer than max_len, truncating", RuntimeWarning)
    ```
    Use instead (TorchScript's warning is always a `UserWarning`):
    ```python
    warnings.warn("sequence longer than max_len, truncating")
    ```

    ## Fix safety
    No automatic fix: dropping the category changes the warning eager raises (a filter on
    `RuntimeWarning` no longer matches); keep it outside scripted code
    (`if not torch.jit.is_scripting():`) where it matters.
    """

    code = "TL236"
    name = "warning-category-in-script"
    message = (
        "`warnings.warn` with a warning category in scripted code: TorchScript's warn takes "
        "a message and a stacklevel, so torch.jit.script fails (Python exception cannot be "
        "used as a value)"
    )
    targets = SCRIPT

    VALID = [
        Valid(_example('warnings.warn("long input")')),
        Valid(_example('warnings.warn("long input", stacklevel=2)')),
    ]
    INVALID = [
        Invalid(_example('warnings.warn("long input", RuntimeWarning)'), line=10),
        Invalid(
            _example('warnings.warn("long input", category=UserWarning, stacklevel=2)'), line=10
        ),
    ]

    def visit_Call(self, node: cst.Call) -> None:
        if not in_script(self.ctx) or self.ctx.qualified_name(node.func) not in WARN:
            return
        positional = [a for a in node.args if a.keyword is None and not a.star]
        given = positional[1] if len(positional) >= 2 else None
        for arg in node.args:
            if arg.keyword is not None and arg.keyword.value == "category":
                given = arg
        # A class named there (`RuntimeWarning`, `errors.MyWarning`), not a literal.
        if given is None or type(given.value) not in (cst.Name, cst.Attribute):
            return
        if literal_type(given.value) is not None or is_none(given.value):
            return
        text = self.ctx.module.code_for_node(given.value)
        self.report(
            given,
            f"torch.jit.script fails: `warnings.warn` given the category `{text}`: "
            "TorchScript binds it to `aten::warn(str message, int stacklevel=2)`, which has "
            "no category, and a warning class is a Python exception class it cannot hold as "
            "a value (torch 2.13: Python exception cannot be used as a value); drop the "
            "category in scripted code (TorchScript warns a UserWarning), or warn under `if "
            "not torch.jit.is_scripting():`",
        )
