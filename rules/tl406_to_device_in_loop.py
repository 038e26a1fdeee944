"""TL406: moving the model or a loop-invariant tensor to the device on every iteration."""

from __future__ import annotations

from typing import Optional, Union

import libcst as cst

from torchlint.lint.context import LintContext
from torchlint.lint.rule import Invalid, Rule, Valid
from torchlint.lint.semantic.kinds import Kind
from torchlint.lint.semantic.summary import FileSummary
from torchlint.lint.text_checks import mentions_attribute, starts_statement
from torchlint.rules._perf import assigned_names, kind_of

MOVES = frozenset({"to", "cuda"})


class ToDeviceInLoop(Rule):
    """Flags `model.to(device)` / `model.cuda()` and `.to(device)` of a tensor built before the
    loop, inside a training or inference loop.

    ## What it does
    Finds `.to(...)` / `.cuda()` in a loop body of driver code when the receiver is a model, or
    a name bound to a tensor before the loop and not reassigned inside it (a constant: class
    weights, a mask, a positional table). Moving the loop's own data (`x = x.to(device)` for
    each batch) is what loops should do and is not flagged, nor is a loop over a few modules
    (`for m in models: m.to(device)`), whose receiver changes every iteration.

    ## Why is this bad?
    A constant tensor moved inside the loop is copied host-to-device on every iteration (the
    result is thrown away each time). `model.to(device)` walks every parameter and buffer
    on every iteration; when the model is already there it does nothing useful, when it is not
    it copies all weights each step.

    Measured by `benchmarks/performance_rules.py` (torch 2.13 CPU build, 1 thread on a shared
    2-core machine under load, median of 9 runs; peak memory is the growth of the process's
    peak resident set during one run; ratios moved by up to ~2x between runs on this busy
    machine; no GPU was available for a CUDA column):

    | pattern (flagged vs fixed) | flagged | fixed | ratio |
    |---|---|---|---|
    | 50 steps, model.to + const.to each vs once, time | 117.23 ms | 59.42 ms | 1.97x |
    | 50 steps, model.to + const.to each vs once, peak memory | 0.5 MiB | 0.5 MiB | 0.97x |

    On a 2-core CPU the flagged form ran 2.0 times slower than the fix.

    ## Example
    ```python
    class_weights = torch.tensor([1.0, 5.0])
    for x, y in loader:
        loss = F.cross_entropy(model(x.to(dev)), y.to(dev), weight=class_weights.to(dev))
    ```
    Use instead:
    ```python
    class_weights = torch.tensor([1.0, 5.0]).to(dev)
    for x, y in loader:
        loss = F.cross_entropy(model(x.to(dev)), y.to(dev), weight=class_weights)
    ```

    ## Fix safety
    No automatic fix: moving the call before the loop is safe only when nothing in the loop
    moves the tensor or model elsewhere.
    """

    code = "TL406"
    name = "to-device-in-loop"
    message = "moved to the device on every iteration: move it once before the loop"
    severity = "warning"
    graph_only = False
    after_traversal = True  # asks the driver model about call sites
    targets = ()

    VALID = [
        Valid(
            """
            import torch

            def train(model, loader, opt, device):
                model.to(device)
                for x, y in loader:
                    x, y = x.to(device), y.to(device)
                    model(x).sum().backward()
                    opt.step()
            """,
            runtime=False,
        ),
        # A loop over a few modules: each is moved once.
        Valid(
            """
            import torch

            def place(models, device):
                for model in models:
                    model.to(device)
            """,
            runtime=False,
        ),
    ]
    INVALID = [
        Invalid(
            """
            import torch

            def train(model, loader, opt, device):
                for x, y in loader:
                    model.to(device)
                    model(x.to(device)).sum().backward()
                    opt.step()
            """,
            line=5,
            runtime=False,
        ),
        Invalid(
            """
            import torch
            import torch.nn.functional as F

            def evaluate(model, loader, device):
                weights = torch.tensor([1.0, 5.0])
                with torch.no_grad():
                    for x, y in loader:
                        out = model(x.to(device))
                        F.cross_entropy(out, y.to(device), weight=weights.to(device))
            """,
            line=9,
            runtime=False,
        ),
    ]

    def __init__(self, ctx: LintContext) -> None:
        super().__init__(ctx)
        self._assigned_cache: dict[int, set[str]] = {}

    @classmethod
    def may_report(cls, text: str, summary: FileSummary) -> bool:
        return starts_statement(text, "for", "while") and mentions_attribute(text, *MOVES)

    def visit_Call(self, node: cst.Call) -> None:
        driver = self.ctx.driver
        site = driver.call(node)
        if site is None or site.method not in MOVES or site.receiver is None or not site.loops:
            return
        if not any(lp.calls_model or lp.trains or lp.over_loader for lp in site.loops):
            return
        receiver = site.receiver
        if receiver.split(".", 1)[0] in self._assigned(site.loops[-1].node):
            return
        func = node.func
        assert isinstance(func, cst.Attribute)
        if driver.is_model(receiver, site.scope, in_loop=True):
            what = f"the model `{receiver}`"
        elif "." not in receiver and kind_of(self.ctx, func.value) == Kind.TENSOR:
            what = f"the loop-invariant tensor `{receiver}`"
        else:
            return
        self.report(
            node,
            f"{what} is moved to the device on every iteration (`.{site.method}()` inside the "
            "loop): move it once before the loop",
        )

    def _assigned(self, loop: Union[cst.For, cst.While]) -> set[str]:
        cached: Optional[set[str]] = self._assigned_cache.get(id(loop))
        if cached is None:
            cached = self._assigned_cache[id(loop)] = assigned_names(loop)
        return cached
