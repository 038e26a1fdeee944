"""A finding's path condition: the Python test its graph code runs under, in the message and
the JSON, and the mode (training / inference) that path needs."""

from __future__ import annotations

import textwrap

import pytest

from torchlint.lint.engine import lint_text
from torchlint.lint.settings import Settings, kept_in_mode

from .conftest import requires_torch

MODEL = textwrap.dedent(
    """
    import random
    import torch
    from torch import nn
    import torch.nn.functional as F


    class Model(nn.Module):
        def __init__(self, config):
            super().__init__()
            self.config = config
            self.fc = nn.Linear(4, 4)

        def forward(self, x, labels=None, output_attentions: bool = False):
            y = self.fc(x)
            if self.training and random.random() < 0.1:  # training
                y = y * 0
            if self.config.debug:
                print("config")  # config
            if not self.training:
                print("eval")  # eval
            else:
                print("train")  # train-else
            y = y * 2 if not output_attentions else print("attn")  # flag
            print("always")  # always
            if labels is None:
                return y
            print(labels)  # labels
            return F.cross_entropy(y, labels)


    def run(model, x):
        if model.training:
            model.eval()
        return model(x)
    """
)


def _findings() -> dict[str, object]:
    result = lint_text("model.py", MODEL, settings=Settings())
    lines = MODEL.splitlines()
    by_marker = {}
    for diagnostic in result.diagnostics:
        text = lines[diagnostic.line - 1]
        if "#" in text:
            by_marker[text.split("#")[1].strip()] = diagnostic
    return by_marker


@pytest.mark.parametrize(
    ("marker", "condition", "mode"),
    [
        ("training", "self.training", "training"),
        ("config", "self.config.debug", None),
        ("eval", "not self.training", "inference"),
        ("train-else", "self.training", "training"),
        ("flag", "output_attentions", None),
        ("labels", "labels is not None", "training"),
        ("always", None, None),
    ],
)
def test_condition_and_mode(marker, condition, mode):
    finding = _findings()[marker]
    assert finding.condition == condition
    assert finding.mode == mode
    data = finding.to_dict()
    assert data["condition"] == condition and data["mode"] == mode
    if condition is None:
        assert "runs only when" not in finding.message
    else:
        assert finding.message.endswith(f"(runs only when `{condition}`)")


def test_a_narrowed_message_keeps_its_condition():
    finding = _findings()["eval"]
    finding.narrow(["compile"])
    assert finding.message.endswith("(runs only when `not self.training`)")


def test_conditions_outside_graph_code_are_not_named():
    # `run` is driver code: its findings (if any) carry no condition.
    result = lint_text("model.py", MODEL, settings=Settings())
    assert all(d.condition is None for d in result.diagnostics if d.line > 30)


DEFAULT_FLAGS = textwrap.dedent(
    """
    import torch
    from torch import nn


    class Config:
        debug = False
        verbose: bool = True


    class Model(nn.Module):
        def __init__(self, cfg=Config, trace_stats=False, log=True):
            super().__init__()
            self.cfg = cfg
            self.trace_stats = trace_stats
            self.log = log
            self.toggled = False
            self.fc = nn.Linear(4, 4)

        def enable(self):
            self.toggled = True

        def forward(self, x):
            y = self.fc(x)
            if self.cfg.debug:
                print(y)  # off: class attribute
            if self.trace_stats:
                print(y)  # off: constructor default
            if not self.log:
                print(y)  # off: negated default-on flag
            if self.cfg.verbose:
                print(y)  # on: class attribute
            if self.log:
                print(y)  # on: constructor default
            if self.toggled:
                print(y)  # on: another method sets it
            return y
    """
)


def test_code_a_default_off_flag_guards_is_not_graph_code_for_compile():
    # Built with its defaults the model never runs these prints: compile, export and trace
    # never meet them. A flag another method sets, or a default-on one, keeps the finding.
    result = lint_text("model.py", DEFAULT_FLAGS, settings=Settings(select=("TL301",)))
    lines = DEFAULT_FLAGS.splitlines()
    flagged = {lines[d.line - 1].split("# ")[1] for d in result.diagnostics}
    assert flagged == {
        "on: class attribute",
        "on: constructor default",
        "on: another method sets it",
    }


def test_kept_in_mode():
    assert kept_in_mode("all", "training")
    assert kept_in_mode("inference", None)
    assert not kept_in_mode("inference", "training")
    assert kept_in_mode("training", "training")
    assert not kept_in_mode("training", "inference")


def _modes_reported(tmp_path, monkeypatch, *args: str, config: str = "") -> set:
    from .cli_helpers import run_json, write

    monkeypatch.chdir(tmp_path)
    write(tmp_path, "pyproject.toml", f"[tool.torchlint]\n{config}")
    write(tmp_path, "pkg/model.py", MODEL)
    _, document = run_json([*args, "pkg"])
    return {record["mode"] for record in document["diagnostics"]}


def test_mode_option_keeps_one_path(tmp_path, monkeypatch):
    assert _modes_reported(tmp_path, monkeypatch) == {None, "training", "inference"}
    assert _modes_reported(tmp_path, monkeypatch, "--mode", "inference") == {None, "inference"}
    assert _modes_reported(tmp_path, monkeypatch, "--mode", "training") == {None, "training"}


def test_mode_from_configuration(tmp_path, monkeypatch):
    config = 'mode = "inference"\n'
    assert _modes_reported(tmp_path, monkeypatch, config=config) == {None, "inference"}
    # The command line wins over the file.
    assert _modes_reported(tmp_path, monkeypatch, "--mode", "all", config=config) == {
        None,
        "training",
        "inference",
    }


def test_a_bad_mode_in_the_configuration_is_a_usage_error(tmp_path, monkeypatch):
    from .cli_helpers import run_cli, write

    monkeypatch.chdir(tmp_path)
    write(tmp_path, "pyproject.toml", '[tool.torchlint]\nmode = "eval"\n')
    write(tmp_path, "pkg/model.py", MODEL)
    result = run_cli(["check", "pkg"])
    assert result.exit_code == 2
    assert "`tool.torchlint.mode` must be one of all, inference, training" in result.stderr


def test_a_check_message_lambda_is_not_graph_code():
    # torch calls the message only to build the error of a failed check: what it computes
    # never runs on the converted path (torch 2.13: export passes; fullgraph too, for a message
    # that captures no tensor).
    source = textwrap.dedent(
        """
        import torch
        from torch import nn


        class Model(nn.Module):
            def forward(self, x):
                n = x.shape[0]
                torch._check(n > 0, lambda: f"bad batch {n} {torch.tensor(n).item()}")
                return x.sum().item()
        """
    )
    result = lint_text("model.py", source, settings=Settings(select=("TL103",)))
    assert [d.line for d in result.diagnostics] == [10]


TRAINING_HELPER = textwrap.dedent(
    """
    import torch
    from torch import nn


    class Quantizer(nn.Module):
        def __init__(self):
            super().__init__()
            self.register_buffer("avg", torch.zeros(4))

        def _update(self, x):
            self.avg.data.mul_(0.9).add_(x.mean(0), alpha=0.1)  # helper
            print(x.sum())  # helper-print

        def forward(self, x):
            if self.training:
                self._update(x)
            return x - self.avg


    class Model(nn.Module):
        def __init__(self):
            super().__init__()
            self.quantizer = Quantizer()

        def forward(self, x):
            return self.quantizer(x)
    """
)


def _by_marker(source: str, **settings: object) -> dict[str, object]:
    result = lint_text("model.py", source, settings=Settings(**settings))
    lines = source.splitlines()
    return {
        lines[d.line - 1].split("#")[1].strip(): d
        for d in result.diagnostics
        if "#" in lines[d.line - 1]
    }


def test_a_helper_called_only_in_training_mode_runs_only_then():
    from torchlint.lint.selection import path_targets

    found = _by_marker(TRAINING_HELPER)
    # The print's compile claim stands, with the callers' condition.
    assert found["helper-print"].condition == "self.training"
    assert found["helper-print"].mode == "training"
    assert found["helper-print"].targets == ("compile",)
    # The `.data` write names export and trace only, which convert the eval-mode model.
    assert "helper" not in found
    training = _by_marker(TRAINING_HELPER, mode="training")
    assert set(training["helper"].targets) == {"export", "trace"}
    assert path_targets(("compile", "export"), "training", "all") == ("compile",)
    assert path_targets(("compile", "export"), None, "all") == ("compile", "export")
    assert path_targets(("export",), "training", "training") == ("export",)


def test_a_helper_also_called_in_eval_mode_carries_no_condition():
    source = TRAINING_HELPER.replace(
        "return x - self.avg", "self._update(x)\n        return x - self.avg"
    )
    found = _by_marker(source)
    assert found["helper"].condition is None
    assert set(found["helper"].targets) == {"export", "trace"}


def test_a_helper_called_after_an_early_return_in_eval_mode_runs_only_in_training():
    source = textwrap.dedent(
        """
        import torch
        from torch import nn

        class Augment(nn.Module):
            def _band(self, size, like):
                start = torch.randint(0, max(size - 4, 1), (like.shape[0], 1))  # helper
                return start

            def forward(self, spec):
                if not self.training:
                    return spec
                return spec + self._band(spec.shape[-1], spec)
        """
    )
    assert "helper" not in _by_marker(source)
    training = _by_marker(source, mode="training")
    assert training["helper"].condition == "self.training"
    assert "trace" in training["helper"].targets


def test_a_flag_a_parent_passes_keeps_its_findings():
    # `Block(True)` in the parent turns the flag on for the block the model really runs.
    source = textwrap.dedent(
        """
        import torch
        from torch import nn


        class Block(nn.Module):
            def __init__(self, local=False):
                super().__init__()
                self.local = local

            def forward(self, x):
                if self.local:
                    print(x)
                return x


        class Model(nn.Module):
            def __init__(self):
                super().__init__()
                self.block = Block(True)

            def forward(self, x):
                return self.block(x)
        """
    )
    result = lint_text("model.py", source, settings=Settings(select=("TL301",)))
    assert len(result.diagnostics) == 1
    unpassed = source.replace("Block(True)", "Block()")
    assert not lint_text("model.py", unpassed, settings=Settings(select=("TL301",))).diagnostics


TRAINING_ONLY_CONDITION = textwrap.dedent(
    """
    import torch
    from torch import nn


    class Model(nn.Module):
        def __init__(self):
            super().__init__()
            self.register_buffer("initialized", torch.tensor(False))
            self.shift = nn.Parameter(torch.zeros(4))

        def forward(self, x):
            if self.training and not self.initialized:
                with torch.no_grad():
                    self.shift.copy_(-x.mean(0))
                    self.initialized.fill_(True)
            return x + self.shift
    """
)


def test_a_tensor_test_after_self_training_and_is_a_compile_finding_of_training():
    """`self.training and not self.initialized` (ActNorm's data-dependent init): torch.compile
    compiles training steps, where the buffer's truth is read; trace and export convert an
    eval() model, where the operand never runs."""
    result = lint_text("model.py", TRAINING_ONLY_CONDITION, settings=Settings())
    (finding,) = [d for d in result.diagnostics if d.code == "TL101"]
    assert finding.line == 13
    assert finding.targets == ("compile",)
    assert finding.condition == "self.training"
    kept = lint_text("model.py", TRAINING_ONLY_CONDITION, settings=Settings(mode="inference"))
    assert not [d for d in kept.diagnostics if d.code == "TL101"]


@requires_torch
def test_torch_breaks_the_training_step_on_the_tensor_test():
    import torch

    namespace: dict = {}
    exec(compile(TRAINING_ONLY_CONDITION, "model.py", "exec"), namespace)
    model = namespace["Model"]().train()
    torch._dynamo.reset()
    compiled = torch.compile(model, fullgraph=True, backend="eager")
    with pytest.raises(Exception, match="(?i)data-dependent|generic_jump|Data dependent"):
        compiled(torch.randn(3, 4))
    torch._dynamo.reset()
