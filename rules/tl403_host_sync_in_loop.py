"""TL403: a host sync on every step of a training or inference loop."""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.rule import Invalid, Rule, Valid
from torchlint.lint.semantic.driver import CallSite
from torchlint.lint.semantic.kinds import Kind
from torchlint.lint.semantic.summary import FileSummary
from torchlint.lint.text_checks import (
    mentions_attribute,
    mentions_name,
    names_api,
    starts_statement,
)
from torchlint.rules._perf import NOT_TENSOR, kind_of

SYNC_METHODS = frozenset({"item", "cpu", "numpy", "tolist"})


class HostSyncInLoop(Rule):
    """Flags `.item()`, `.cpu()`, `.numpy()`, `.tolist()`, `print(tensor)` and
    `torch.cuda.synchronize()` on every step of a training or inference loop.

    ## What it does
    Finds those calls in driver code inside a loop that runs a model, trains (`.backward()`,
    optimizer step) or iterates a data loader, when no `if` inside the loop makes them
    occasional (`if step % 100 == 0:` is fine). In such loops `.item()` and `.cpu()` are taken
    to be tensor methods even when the receiver's kind is unknown; values known not to be
    tensors (Python numbers, numpy arrays) are not flagged.

    ## Why is this bad?
    CUDA runs asynchronously: the Python loop queues kernels and races ahead. Reading a
    value on the host waits for every queued kernel to finish, so the GPU idles while Python
    prepares the next step, every step. On CPU there is no queue and the call costs little,
    which is why the CPU column below is close to 1x; the cost appears on CUDA.

    Measured by `benchmarks/performance_rules.py` (torch 2.13 CPU build, 1 thread on a shared
    2-core machine under load, median of 9 runs; peak memory is the growth of the process's
    peak resident set during one run; ratios moved by up to ~2x between runs on this busy
    machine; no GPU was available for a CUDA column):

    | pattern (flagged vs fixed) | flagged | fixed | ratio |
    |---|---|---|---|
    | 30 training steps, loss.item() each vs once, time | 89.23 ms | 83.07 ms | 1.07x |
    | 30 training steps, loss.item() each vs once, peak memory | 0.1 MiB | 0.1 MiB | 1.57x |

    On a 2-core CPU the flagged form ran 1.1 times slower than the fix.

    ## Example
    ```python
    for x, y in loader:
        loss = loss_fn(model(x), y)
        loss.backward()
        opt.step()
        total += loss.item()
    ```
    Use instead:
    ```python
    total = torch.zeros((), device=device)
    for x, y in loader:
        loss = loss_fn(model(x), y)
        loss.backward()
        opt.step()
        total += loss.detach()
    print(total.item())
    ```

    ## Fix safety
    No automatic fix: moving the read out of the loop changes when (and how often) values are
    logged.
    """

    code = "TL403"
    name = "host-sync-in-loop"
    message = "host sync on every step of a model loop"
    severity = "warning"
    graph_only = False
    after_traversal = True  # asks the driver model about call sites
    targets = ()

    VALID = [
        Valid(
            """
            import torch

            def train(model, loader, opt):
                total = 0.0
                for step, (x, y) in enumerate(loader):
                    loss = model(x).sum()
                    loss.backward()
                    opt.step()
                    if step % 100 == 0:
                        print(loss.item())
            """,
            runtime=False,
        ),
        # Not a model loop: a data preparation loop over Python values.
        Valid(
            """
            import torch

            def stats(values):
                out = []
                for v in values:
                    out.append(v.item())
                return out
            """,
            runtime=False,
        ),
        # Once after the loop.
        Valid(
            """
            import torch

            def train(model, loader, opt):
                total = torch.zeros(())
                for x, y in loader:
                    loss = model(x).sum()
                    loss.backward()
                    opt.step()
                    total += loss.detach()
                return total.item()
            """,
            runtime=False,
        ),
    ]
    INVALID = [
        Invalid(
            """
            import torch

            def train(model, loader, opt):
                total = 0.0
                for x, y in loader:
                    loss = model(x).sum()
                    loss.backward()
                    opt.step()
                    total += loss.item()
                return total
            """,
            line=9,
            runtime=False,
        ),
        Invalid(
            """
            import torch

            def predict_all(model, loader):
                preds = []
                with torch.no_grad():
                    for x in loader:
                        preds.extend(model(x).argmax(1).tolist())
                return preds
            """,
            line=7,
            runtime=False,
        ),
        Invalid(
            """
            import torch

            def bench(model, loader):
                for x in loader:
                    model(x)
                    torch.cuda.synchronize()
            """,
            line=6,
            runtime=False,
        ),
    ]

    @classmethod
    def may_report(cls, text: str, summary: FileSummary) -> bool:
        return starts_statement(text, "for", "while") and (
            mentions_attribute(text, *SYNC_METHODS)
            or mentions_name(text, "print")
            or names_api(text, summary, ("torch.cuda.synchronize", "builtins.print"))
        )

    def visit_Call(self, node: cst.Call) -> None:
        site = self.ctx.driver.call(node)
        if site is None or site.conditional or not self._hot_loop(site):
            return
        what = self._sync(node, site)
        if what is not None:
            self.report(
                node,
                f"{what} on every step of a model loop waits for the device (a host sync per "
                "step); keep values on the device and read them once after the loop, or every "
                "N steps",
            )

    @staticmethod
    def _hot_loop(site: CallSite) -> bool:
        return any(loop.calls_model or loop.trains or loop.over_loader for loop in site.loops)

    def _sync(self, node: cst.Call, site: CallSite) -> Optional[str]:
        if site.name == "torch.cuda.synchronize":
            return "`torch.cuda.synchronize()`"
        if site.name == "builtins.print":
            if any(kind_of(self.ctx, arg.value) == Kind.TENSOR for arg in node.args):
                return "`print` of a tensor"
            return None
        func = node.func
        if not isinstance(func, cst.Attribute) or site.method not in SYNC_METHODS:
            return None
        if site.receiver is not None and self.ctx.driver.is_model(site.receiver, site.scope):
            return None  # model.cpu() moves parameters; TL406's concern
        if site.method in ("numpy", "tolist") and self._chain_has_cpu(func.value):
            return None  # the .cpu() before it is the sync, flagged there
        if node.args or kind_of(self.ctx, func.value) in NOT_TENSOR:
            return None
        return f"`.{site.method}()`"

    @staticmethod
    def _chain_has_cpu(node: cst.BaseExpression) -> bool:
        while isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute):
            if node.func.attr.value == "cpu":
                return True
            node = node.func.value
        return False
