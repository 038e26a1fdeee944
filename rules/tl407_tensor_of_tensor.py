"""TL407: ``torch.tensor(t)`` of something that is already a tensor."""

from __future__ import annotations

import libcst as cst

from torchlint.lint.rule import Invalid, Rule, Valid
from torchlint.lint.semantic.kinds import Kind
from torchlint.lint.semantic.summary import FileSummary
from torchlint.lint.text_checks import names_api
from torchlint.rules._perf import kind_of, source_of


class TensorOfTensor(Rule):
    """Flags `torch.tensor(t)` where `t` is already a tensor.

    ## What it does
    Finds `torch.tensor(...)` whose first argument the semantic model knows is a tensor, in
    driver and graph code.

    ## Why is this bad?
    `torch.tensor` always copies its data and detaches it from autograd, and for a tensor
    argument it warns on every call ("To copy construct from a tensor, it is recommended to use
    sourceTensor.clone().detach()"). When no copy is needed, `torch.as_tensor(t)` (or `t`
    itself, or `t.to(dtype)`) costs nothing; when a copy is needed, `t.clone().detach()` says
    so without the warning machinery.

    Measured by `benchmarks/performance_rules.py` (torch 2.13 CPU build, 1 thread on a shared
    2-core machine under load, median of 9 runs; peak memory is the growth of the process's
    peak resident set during one run; ratios moved by up to ~2x between runs on this busy
    machine; no GPU was available for a CUDA column):

    | pattern (flagged vs fixed) | flagged | fixed | ratio |
    |---|---|---|---|
    | 1000x torch.tensor(t) vs t.clone().detach(), time | 21.98 ms | 15.49 ms | 1.42x |
    | 1000x torch.tensor(t) vs t.clone().detach(), peak memory | 1.6 MiB | 1.4 MiB | 1.14x |

    On a 2-core CPU the flagged form ran 1.4 times slower than the fix.

    ## Example
    ```python
    def scale(x: torch.Tensor) -> torch.Tensor:
        return torch.tensor(x) * 2
    ```
    Use instead:
    ```python
    def scale(x: torch.Tensor) -> torch.Tensor:
        return torch.as_tensor(x) * 2
    ```

    ## Fix safety
    No automatic fix: `torch.as_tensor` shares memory with `t` where `torch.tensor` copied,
    so code that later mutates either one would change behaviour; `t.clone().detach()` keeps
    the copy and is the conservative rewrite.
    """

    code = "TL407"
    name = "tensor-of-tensor"
    message = "`torch.tensor` of a tensor copies it and warns; use `t.clone().detach()` or `torch.as_tensor(t)`"
    severity = "warning"
    graph_only = False
    targets = ()

    VALID = [
        Valid(
            """
            import torch

            def make(values: list):
                return torch.tensor(values)
            """,
            runtime=False,
        ),
        Valid(
            """
            import torch

            def copy(x: torch.Tensor):
                return x.clone().detach()
            """,
            runtime=False,
        ),
    ]
    INVALID = [
        Invalid(
            """
            import torch

            def scale(x: torch.Tensor) -> torch.Tensor:
                return torch.tensor(x) * 2
            """,
            line=4,
            runtime=False,
        ),
        Invalid(
            """
            import torch

            base = torch.randn(3)
            copy = torch.tensor(base, dtype=torch.float64)
            """,
            line=4,
            runtime=False,
        ),
    ]

    @classmethod
    def may_report(cls, text: str, summary: FileSummary) -> bool:
        return names_api(text, summary, ("torch.tensor",))

    def visit_Call(self, node: cst.Call) -> None:
        if self.ctx.qualified_name(node.func) != "torch.tensor" or not node.args:
            return
        first = node.args[0]
        if first.keyword is not None or first.star:
            return
        if kind_of(self.ctx, first.value) == Kind.TENSOR:
            source = source_of(self.ctx, first.value)
            # `forced == 1` needs parentheses before `.clone()`; a name, call or index does not.
            atom = first.value
            operand = (
                source
                if type(atom) in (cst.Name, cst.Attribute, cst.Call, cst.Subscript)
                else f"({source})"
            )
            self.report(
                node,
                f"`torch.tensor({source})` copies a tensor and warns on every call: use "
                f"`{operand}.clone().detach()` (a copy) or `torch.as_tensor({source})` (no copy)",
            )
