"""TL409: a convolution workload on CUDA that never sets ``torch.backends.cudnn.benchmark``."""

from __future__ import annotations

import libcst as cst

from torchlint.lint.context import LintContext
from torchlint.lint.rule import Invalid, Rule, Valid
from torchlint.lint.semantic.driver import CallSite
from torchlint.lint.semantic.summary import FileSummary
from torchlint.lint.text_checks import starts_statement


class CudnnBenchmarkUnset(Rule):
    """Notes a CUDA convolution loop in a file that never sets `torch.backends.cudnn.benchmark`.

    ## What it does
    Reports once per file, on the first model call inside a loop, when the file runs on CUDA
    (`.cuda()` or a `"cuda"` device appears), builds or calls convolutions (directly, or in the
    model's class resolved through the project), and never assigns
    `torch.backends.cudnn.benchmark`. Severity info: the rule cannot see whether input shapes
    are fixed.

    ## Why is this bad?
    With `benchmark = True`, cuDNN times several convolution algorithms on the first call for
    each input shape and keeps the fastest; for fixed-shape workloads (image classification at
    one resolution) this is commonly 10-30% faster per step. With varying shapes it re-tunes
    on every new shape, so leave it off there (set it to `False` to silence this note).

    Not measurable on CPU: this is a CUDA feature. `benchmarks/performance_rules.py`
    measures it on CUDA; no GPU was available when this table was written.

    ## Example
    ```python
    model = ConvNet().cuda()
    for x, y in loader:
        model(x.cuda())
    ```
    Use instead:
    ```python
    torch.backends.cudnn.benchmark = True
    model = ConvNet().cuda()
    for x, y in loader:
        model(x.cuda())
    ```

    ## Fix safety
    No automatic fix: whether shapes are fixed is the author's call.
    """

    code = "TL409"
    name = "cudnn-benchmark-unset"
    message = "CUDA convolution workload without `torch.backends.cudnn.benchmark`"
    severity = "info"
    graph_only = False
    after_traversal = True  # asks the driver model about call sites
    targets = ()

    VALID = [
        Valid(
            """
            import torch
            from torch import nn

            torch.backends.cudnn.benchmark = True
            model = nn.Conv2d(3, 8, 3).cuda()
            for x in loader:
                model(x.cuda())
            """,
            runtime=False,
        ),
        # No CUDA: the setting does nothing.
        Valid(
            """
            import torch
            from torch import nn

            model = nn.Conv2d(3, 8, 3)
            for x in loader:
                model(x)
            """,
            runtime=False,
        ),
        # CUDA, but no convolutions.
        Valid(
            """
            import torch
            from torch import nn

            model = nn.Linear(3, 8).cuda()
            for x in loader:
                model(x.cuda())
            """,
            runtime=False,
        ),
    ]
    INVALID = [
        Invalid(
            """
            import torch
            from torch import nn

            class ConvNet(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.conv = nn.Conv2d(3, 8, 3)

                def forward(self, x):
                    return self.conv(x)

            def train(loader, opt):
                model = ConvNet().to("cuda")
                for x, y in loader:
                    model(x.to("cuda")).sum().backward()
                    opt.step()
            """,
            line=15,
            runtime=False,
        ),
    ]

    def __init__(self, ctx: LintContext) -> None:
        super().__init__(ctx)
        self._reported = False

    @classmethod
    def may_report(cls, text: str, summary: FileSummary) -> bool:
        # A model called in a loop, in a file that names CUDA (`.cuda()`, a "cuda" device).
        return "cuda" in text and starts_statement(text, "for", "while")

    def visit_Call(self, node: cst.Call) -> None:
        if self._reported:
            return
        driver = self.ctx.driver
        site = driver.call(node)
        if site is None or site.model is None or not site.loops:
            return
        if not driver.feeds_cuda or driver.sets_cudnn_benchmark:
            return
        if not (driver.uses_conv or self._model_has_conv(site)):
            return
        self._reported = True
        self.report(
            node,
            "convolutions run on CUDA here and `torch.backends.cudnn.benchmark` is never set: "
            "for fixed input shapes, `torch.backends.cudnn.benchmark = True` lets cuDNN pick the "
            "fastest algorithm (set it to False explicitly if shapes vary)",
        )

    def _model_has_conv(self, site: CallSite) -> bool:
        assert site.model is not None
        cls = self.ctx.driver.model_class(site.model, site.scope)
        if cls is None:
            return False
        if cls.startswith("torch.nn."):
            return "Conv" in cls.rsplit(".", 1)[-1]
        for _, _, summary in self.ctx.index.mro(cls):
            for value in [*summary.attributes.values(), *summary.container_items.values()]:
                if "Conv" in value.rsplit(".", 1)[-1]:
                    return True
        return False
