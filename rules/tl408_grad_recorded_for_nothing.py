"""TL408: autograd records a model call whose graph is thrown away."""

from __future__ import annotations

import libcst as cst

from torchlint.lint.rule import Invalid, Rule, Valid
from torchlint.lint.semantic.summary import FileSummary
from torchlint.lint.text_checks import mentions


class GradRecordedForNothing(Rule):
    """Flags `model(x).detach()` and model calls under `torch.enable_grad()` in code that never
    backpropagates.

    ## What it does
    In driver code with no `.backward()`, `torch.autograd.grad` or optimizer step in the
    function, finds:
    - `model(x).detach()`: the output's graph is recorded, then dropped at once;
    - a model call inside `with torch.enable_grad():` (or under `set_grad_enabled(True)` /
      `@torch.enable_grad()`): grad mode leaks back on inside inference code, typically
      inside a `no_grad` caller.

    ## Why is this bad?
    Recording costs the same as in training: every layer's activations stay alive until the
    output is freed, for a backward pass that never comes. `.detach()` after the fact does not
    give the time back. Run the call under `torch.no_grad()` / `torch.inference_mode()`
    instead, and drop the `.detach()`.

    Measured by `benchmarks/performance_rules.py` (torch 2.13 CPU build, 1 thread on a shared
    2-core machine under load, median of 9 runs; peak memory is the growth of the process's
    peak resident set during one run; ratios moved by up to ~2x between runs on this busy
    machine; no GPU was available for a CUDA column):

    | pattern (flagged vs fixed) | flagged | fixed | ratio |
    |---|---|---|---|
    | model(x).detach() vs under no_grad, time | 37.13 ms | 16.21 ms | 2.29x |
    | model(x).detach() vs under no_grad, peak memory | 9.0 MiB | 2.5 MiB | 3.60x |

    On a 2-core CPU the flagged form ran 2.3 times slower than the fix and peaked at 3.6
    times its memory.

    ## Example
    ```python
    def embed(model, x):
        return model(x).detach()
    ```
    Use instead:
    ```python
    @torch.no_grad()
    def embed(model, x):
        return model(x)
    ```

    ## Fix safety
    No automatic fix: a caller in another file might differentiate through a function
    that looks like pure inference here.
    """

    code = "TL408"
    name = "grad-recorded-for-nothing"
    message = "autograd records this model call, and its graph is never used"
    severity = "warning"
    graph_only = False
    after_traversal = True  # asks the driver model about call sites
    targets = ()

    VALID = [
        Valid(
            """
            import torch

            @torch.no_grad()
            def embed(model, x):
                model.eval()
                return model(x)
            """,
            runtime=False,
        ),
        # enable_grad for a saliency map: it backpropagates.
        Valid(
            """
            import torch

            @torch.no_grad()
            def saliency(model, x):
                model.eval()
                with torch.enable_grad():
                    x = x.clone().requires_grad_()
                    model(x).sum().backward()
                return x.grad
            """,
            runtime=False,
        ),
        # A target network in a training step: detached on purpose, and the function trains.
        Valid(
            """
            import torch

            def step(model, target_net, x, opt):
                target = target_net(x).detach()
                loss = (model(x) - target).pow(2).mean()
                loss.backward()
                opt.step()
            """,
            runtime=False,
        ),
    ]
    INVALID = [
        Invalid(
            """
            import torch

            def embed(model, x):
                model.eval()
                return model(x).detach()
            """,
            line=5,
            runtime=False,
        ),
        Invalid(
            """
            import torch

            @torch.no_grad()
            def predict(model, loader):
                model.eval()
                outs = []
                for x in loader:
                    with torch.enable_grad():
                        outs.append(model(x))
                return outs
            """,
            line=9,
            runtime=False,
        ),
    ]

    @classmethod
    def may_report(cls, text: str, summary: FileSummary) -> bool:
        # A finding is a `.detach()` of a model call, or a model call with autograd turned on.
        return mentions(text, "detach", "enable_grad", "set_grad_enabled")

    def visit_Call(self, node: cst.Call) -> None:
        driver = self.ctx.driver
        func = node.func
        if isinstance(func, cst.Attribute) and func.attr.value == "detach" and not node.args:
            inner = func.value
            site = driver.call(inner) if isinstance(inner, cst.Call) else None
            if (
                site is not None
                and site.model is not None
                and not site.scope.trains
                and not driver.grad_disabled(site)
                and not driver.grad_unknown(site)
            ):
                self.report(
                    node,
                    f"`{site.model}(...).detach()`: autograd records the whole forward, then the "
                    "graph is dropped; run the call under `torch.no_grad()` and drop `.detach()`",
                )
            return
        site = driver.call(node)
        if site is None or site.model is None or site.scope.trains:
            return
        if site.grad == "on" or (site.grad == "default" and site.scope.grad == "on"):
            self.report(
                node,
                f"`{site.model}(...)` runs under `torch.enable_grad()` in code that never "
                "backpropagates: the graph is recorded for nothing; remove `enable_grad`",
            )
