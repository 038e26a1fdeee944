"""TL246: `%=` in scripted code (TorchScript compiles it as `fmod`)."""

from __future__ import annotations

import libcst as cst

from torchlint.lint.rule import Invalid, Rule, Valid
from torchlint.rules._script import SCRIPT, in_script


class ModuloAssignInScript(Rule):
    """Flags `h %= m` in code `torch.jit.script` compiles.

    ## What it does
    Finds the augmented assignment `%=` in scripted code, on any operand: an int, a float or a
    tensor.

    ## Why is this bad?
    TorchScript compiles `a %= b` as `aten::fmod` (`fmod_` for a tensor), not as the `%`
    operator it compiles `a = a % b` to: the remainder takes the dividend's sign, not the
    divisor's, and two ints give a float. Checked with torch 2.13: with `h = -23`, scripted
    `h %= 7` gives `-2.0` where eager gives `5`, and `2.0` for `h = 23` (a float where eager
    has the int `2`; a name that must stay an int fails to compile: "Variable 'h' previously
    had type int but is now being assigned to a value of type float"); a tensor `[-5, 5] %= 3`
    gives `[-2, 2]` scripted, `[1, 2]` eager.

    ## Example
    ```python
    bucket = token * 31 + salt
    bucket %= self.num_buckets
    ```
    Use instead: `bucket = bucket % self.num_buckets` (a tensor kept in place:
    `x.remainder_(m)`).

    ## Fix safety
    Safe: `h %= m` becomes `h = h % m` for a number (the same statement in Python) and
    `h.remainder_(m)` for a tensor (what a tensor's `%=` runs in Python). Unsafe where the
    kind is unknown: `h = h % m` would no longer update a tensor in place.
    """

    code = "TL246"
    name = "modulo-assign-in-script"
    message = (
        "`%=` in scripted code: TorchScript compiles it as `fmod`, whose remainder takes the "
        "dividend's sign and gives a float for two ints (torch 2.13: `h %= 7` with h = -23 is "
        "-2.0 scripted, 5 eager), where `%` takes the divisor's sign; write `h = h % m` (a "
        "tensor kept in place: `x.remainder_(m)`)"
    )
    targets = SCRIPT

    VALID = [
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    shift = x.size(1) - 7
                    shift = shift % 3
                    return torch.roll(x, shift, 1)

            def inputs():
                return [(torch.randn(2, 5),), (torch.randn(3, 9),)]
            """
        ),
    ]
    INVALID = [
        # A negative shift wrapped with `%=`: scripted, fmod keeps it negative (and a float).
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    shift = x.size(1) - 7
                    shift %= 3
                    return x * shift

            def inputs():
                return [(torch.randn(2, 5),), (torch.randn(3, 9),)]
            """,
            line=7,
        ),
    ]

    def visit_AugAssign(self, node: cst.AugAssign) -> None:
        if (
            isinstance(node.operator, cst.ModuloAssign)
            and self.ctx.in_graph
            and in_script(self.ctx)
        ):
            self.report(node)
