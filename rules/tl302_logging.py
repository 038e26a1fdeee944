"""TL302: logging in graph code."""

from __future__ import annotations

import libcst as cst

from torchlint.lint.graph_queries import LOG_METHODS, module_loggers
from torchlint.lint.rule import Invalid, Rule, Valid

# loguru's logger methods that write a record with loguru's default handler (level DEBUG):
# Dynamo inlines them into loguru's emitting code and reaches a function it marks as skipped
# (checked with torch 2.13 and loguru 0.7.3: "Attempted to call function marked as skipped",
# fullgraph raises, plain compile breaks; `logger.trace(...)`, below the default level,
# returns before that code and compiles).
LOGURU_METHODS = frozenset(
    {"debug", "info", "success", "warning", "error", "critical", "exception"}
)
# Methods of loguru's logger that give another logger.
LOGURU_DERIVED = frozenset({"bind", "opt", "patch"})


class LoggingInGraph(Rule):
    """Flags `logging` calls and module-level loggers used in graph code.

    ## What it does
    Finds `logging.info(...)`, `logger.warning(...)` (where `logger = logging.getLogger(...)` at
    module level) and `logging.getLogger(...).debug(...)` inside graph code, and the logger of
    loguru (`from loguru import logger; logger.debug(...)`, `logger.bind(k=v).info(...)`).

    ## Why is this bad?
    Dynamo cannot put a logging call in a graph: `torch.compile(fullgraph=True)` raises
    (GB0291 "logging.Logger method not supported for non-export cases" for a logger's methods,
    GB4841 for `logging.info(...)`, "Attempted to call function marked as skipped" inside
    loguru's emitting code) and plain `torch.compile` breaks the graph at each call. `torch.export` and `torch.jit.trace` run the
    call once at conversion time and drop it, so they are not claimed.

    ## Example
    ```python
    logger = logging.getLogger(__name__)

    class Net(nn.Module):
        def forward(self, x):
            logger.info("batch %d", x.shape[0])
            return self.fc(x)
    ```
    Use instead: log in the caller, or guard with `if not torch.compiler.is_compiling():`.
    Registering the logger with `torch._dynamo.config.ignore_logger_methods` also works.

    ## Fix safety
    Guarding the call with `if not torch.compiler.is_compiling():` is safe where its arguments
    call nothing that may change state (pure builtins, tensor methods without a trailing `_`,
    a string literal's `format`/`join`): eager, `torch.jit.trace` and TorchScript (where
    `is_compiling()` is False) run it as before, and torch.compile and torch.export skip it,
    which is the point. Where an argument calls something else (`print(self.log.pop())`), the
    guard is unsafe: that call is skipped under compile and export too.
    """

    code = "TL302"
    name = "logging-in-graph"
    subject = "logging call in graph code"
    clauses = {
        "compile": (
            "torch.compile(fullgraph=True) raises and plain torch.compile breaks the graph here"
        ),
    }
    advice = "log outside forward or guard it with `if not torch.compiler.is_compiling():`"
    targets = ("compile",)

    VALID = [
        Valid(
            """
            import logging
            import torch
            from torch import nn

            logger = logging.getLogger(__name__)

            class Model(nn.Module):
                def forward(self, x):
                    if not torch.compiler.is_compiling():
                        logger.info("batch %d", x.shape[0])
                    return x.relu()

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
        Valid(
            """
            import logging
            import torch
            from torch import nn

            logger = logging.getLogger(__name__)

            class Model(nn.Module):
                def __init__(self, dim: int = 4):
                    super().__init__()
                    logger.info("building model with dim %d", dim)
                    self.fc = nn.Linear(dim, dim)

                def forward(self, x):
                    return self.fc(x)

            def train(model, batches):
                for step, x in enumerate(batches):
                    logger.info("step %d loss %.3f", step, model(x).pow(2).mean().item())

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
        Valid(
            """
            import logging
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self, verbose: bool = False):
                    super().__init__()
                    self.verbose = verbose
                    self.level = logging.INFO

                def forward(self, x):
                    return x * 2 if self.level >= logging.DEBUG else x

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
        Valid(
            """
            import logging
            import torch
            from torch import nn

            logger = logging.getLogger(__name__)

            @torch.compiler.disable
            def log_stats(x):
                logger.debug("mean %s", x.mean())

            class Model(nn.Module):
                def forward(self, x):
                    return x.tanh()

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
        Valid(
            """
            import logging
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.blocks = nn.ModuleList([nn.Linear(4, 4) for _ in range(2)])

                def forward(self, x):
                    for block in self.blocks:
                        x = block(x)
                    return x

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
    ]
    INVALID = [
        Invalid(
            """
            import logging
            import torch
            from torch import nn

            logger = logging.getLogger(__name__)

            class Model(nn.Module):
                def forward(self, x):
                    logger.info("forward on batch of %d", x.shape[0])
                    return x.relu()

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=9,
        ),
        Invalid(
            """
            import logging
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    logging.warning("deprecated path")
                    return x.relu()

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=7,
        ),
    ]

    def __init__(self, ctx) -> None:
        super().__init__(ctx)
        self._loggers = module_loggers(ctx)

    def _loguru(self, receiver: cst.BaseExpression) -> bool:
        """loguru's logger: ``from loguru import logger``, ``loguru.logger``, or one it made
        (``logger.bind(run=1)``, ``logger.opt(lazy=True)``)."""
        if isinstance(receiver, cst.Call) and isinstance(receiver.func, cst.Attribute):
            if receiver.func.attr.value in LOGURU_DERIVED:
                receiver = receiver.func.value
        return self.ctx.qualified_name(receiver) == "loguru.logger"

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func
        if (
            not self.ctx.in_graph
            or not isinstance(func, cst.Attribute)
            or func.attr.value not in LOG_METHODS | LOGURU_METHODS
        ):
            return
        receiver = func.value
        if isinstance(receiver, cst.Name) and receiver.value in self._loggers:
            self.report(node)
            return
        if func.attr.value in LOGURU_METHODS and self._loguru(receiver):
            self.report(node)
            return
        name = self.ctx.qualified_name(func) or ""
        if name.startswith("logging.") and name.count(".") == 1:
            self.report(node)
        elif (
            isinstance(receiver, cst.Call)
            and self.ctx.qualified_name(receiver.func) == "logging.getLogger"
        ):
            self.report(node)
