"""Part 3 of the semantic model: driver code (lint/semantic/driver.py)."""

from __future__ import annotations

import textwrap
from pathlib import Path
from typing import Optional

import libcst as cst

from torchlint.lint.semantic.driver import CallSite, DriverModel
from torchlint.lint.semantic.index import ProjectIndex
from torchlint.lint.semantic.kinds import Kind
from torchlint.lint.semantic.model import FileModel


def build(
    source: str, path: str = "script.py", index: Optional[ProjectIndex] = None
) -> DriverModel:
    source = textwrap.dedent(source)
    index = index or ProjectIndex()
    summary = index.add_source(path, source)
    module = cst.parse_module(source)
    return DriverModel(module, FileModel(module, summary, index))


def sites(driver: DriverModel, scope_name: str) -> list[CallSite]:
    for scope in driver.scopes():
        if scope.name == scope_name:
            return scope.sites
    raise AssertionError(f"no scope {scope_name}")


def model_calls(driver: DriverModel, scope_name: str) -> list[CallSite]:
    return [site for site in sites(driver, scope_name) if site.model is not None]


TRAINING_SCRIPT = """
import torch
from torch import nn

class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 2)

    def forward(self, x):
        return self.fc(x)

def train(model, loader, optimizer):
    model.train()
    for x, y in loader:
        optimizer.zero_grad()
        model(x).sum().backward()
        optimizer.step()

@torch.no_grad()
def evaluate(model, val_loader):
    model.eval()
    return [model(x) for x, _ in val_loader]

def predict(model, x):
    return model(x)

def serve(model, xs):
    with torch.inference_mode():
        return [predict(model, x) for x in xs]

def explain(model, x):
    model.eval()
    with torch.enable_grad():
        return model(x)

net = Net()
for batch in range(3):
    net(torch.randn(2, 4))
"""


def test_model_calls_and_what_they_are_called_under():
    driver = build(TRAINING_SCRIPT)
    (train_call,) = model_calls(driver, "train")
    assert train_call.model == "model" and not driver.grad_disabled(train_call)
    assert driver.mode_before(train_call) == "train"
    assert [loop.over_loader for loop in train_call.loops] == [True]
    assert train_call.loops[0].trains and train_call.scope.trains

    (eval_call,) = model_calls(driver, "evaluate")
    assert driver.grad_disabled(eval_call) and driver.mode_before(eval_call) == "eval"
    assert not eval_call.scope.trains

    (explain_call,) = model_calls(driver, "explain")
    assert explain_call.grad == "on" and not driver.grad_disabled(explain_call)

    (script_call,) = model_calls(driver, "<module>")
    assert script_call.model == "net"  # bound to Net(), an nn.Module subclass


def test_no_grad_in_a_caller_makes_the_callee_grad_free():
    driver = build(TRAINING_SCRIPT)
    predict_scope = sites(driver, "predict")[0].scope
    assert predict_scope.inherited_off
    # predict's model(x) is not in a loop and `model` is never .eval()ed there: not a model call,
    # but the grad mode still answers for any call in it.
    assert driver.grad_disabled(sites(driver, "predict")[0])


def test_no_grad_two_frames_up():
    driver = build(
        """
        import torch

        def leaf(model, x):
            model.eval()
            return model(x)

        def middle(model, x):
            return leaf(model, x)

        def top(model, x):
            with torch.no_grad():
                return middle(model, x)

        def other(model, x):
            return leaf(model, x) if x is not None else None
        """
    )
    (call,) = model_calls(driver, "leaf")
    assert driver.grad_disabled(call)


def test_forward_is_graph_code_not_driver_code():
    driver = build(TRAINING_SCRIPT)
    names = {scope.name for scope in driver.scopes()}
    assert "forward" not in names and "__init__" in names


def test_loops_over_modules_are_not_model_loops():
    driver = build(
        """
        import torch

        def place(models, device):
            for m in models:
                m.to(device)

        def run(blocks, x):
            for block in blocks:
                x = block(x)
            return x
        """
    )
    assert not model_calls(driver, "place") and not model_calls(driver, "run")


def test_set_grad_enabled_flag_is_unknown_and_literal_is_known():
    driver = build(
        """
        import torch

        def step(model, x, training):
            model.eval()
            with torch.set_grad_enabled(training):
                a = model(x)
            with torch.set_grad_enabled(False):
                b = model(x)
            return a, b
        """
    )
    first, second = model_calls(driver, "step")
    assert driver.grad_unknown(first) and not driver.grad_disabled(first)
    assert driver.grad_disabled(second)


def test_module_class_from_another_file(tmp_path: Path):
    (tmp_path / "base.py").write_text(
        "from torch import nn\n\nclass Base(nn.Module):\n    def forward(self, x):\n        return x\n"
    )
    (tmp_path / "models.py").write_text(
        "from base import Base\n\nclass Classifier(Base):\n    pass\n"
    )
    script = tmp_path / "infer.py"
    source = textwrap.dedent(
        """
        import torch
        from models import Classifier

        clf = Classifier().to("cuda")
        out = clf(torch.randn(2))
        """
    )
    script.write_text(source)
    driver = build(source, path=str(script))
    (call,) = model_calls(driver, "<module>")
    assert call.model == "clf"
    assert driver.model_class("clf", call.scope) == "models.Classifier"
    assert driver.feeds_cuda


def test_kinds_in_driver_code_and_at_module_level():
    source = textwrap.dedent(
        """
        import torch

        base = torch.randn(3)
        scale = 2.0

        def f(x: torch.Tensor, n):
            y = x * scale
            return y, n
        """
    )
    index = ProjectIndex()
    summary = index.add_source("k.py", source)
    module = cst.parse_module(source)
    driver = DriverModel(module, FileModel(module, summary, index))
    base_name = module.body[1].body[0].targets[0].target
    assert driver.kind(base_name, None) == Kind.TENSOR
    func = module.body[3]
    assert isinstance(func, cst.FunctionDef)
    returned = func.body.body[1].body[0].value
    y, n = (el.value for el in returned.elements)
    assert driver.kind(y, func) == Kind.TENSOR
    assert driver.kind(n, func) == Kind.UNKNOWN  # driver parameters are not assumed tensors


def test_cudnn_benchmark_and_conv_facts():
    driver = build(
        """
        import torch
        from torch import nn

        def main():
            torch.backends.cudnn.benchmark = True
            model = nn.Conv2d(3, 3, 3).cuda()
        """
    )
    assert driver.sets_cudnn_benchmark and driver.uses_conv and driver.feeds_cuda


# -- collected from the engine's traversal -----------------------------------------------------
EVALUATION_SCRIPT = """\
import torch


def evaluate(model, loader):
    model.eval()
    for x in loader:
        model(x)
"""


# `m` is a model only because of `m.eval()` after the call: a partial collection would not know.
LATE_MODE_SCRIPT = """\
import torch


def score(m, loader):
    for x in loader:
        m(x)
    m.eval()
"""


def _lint_script(tmp_path, script: str, rules=None) -> list[tuple[str, int]]:
    from torchlint.lint.run import lint_files

    path = tmp_path / "evaluate.py"
    path.write_text(script)
    [result] = lint_files([str(path)], rules=rules, cache_dir=str(tmp_path / "cache"))
    return [(d.code, d.line) for d in result.diagnostics]


def test_call_sites_come_from_the_engines_traversal(tmp_path, driver_collections) -> None:
    # TL401 runs after the traversal, which the driver model collected from: no walk of its own.
    assert ("TL401", 7) in _lint_script(tmp_path, EVALUATION_SCRIPT)
    assert driver_collections == ["shared walk"]


def test_a_rule_asking_during_the_traversal_gets_the_whole_file(
    tmp_path, driver_collections
) -> None:
    # A rule that asks for call sites while the traversal is still going (a plugin that does
    # not set after_traversal) makes the model walk the file itself; answers stay whole.
    from torchlint.lint.registry import all_rules
    from torchlint.lint.rule import Rule

    asked: list[Optional[str]] = []

    class EagerDriverRule(Rule):
        code = "TL998"
        name = "eager-driver"
        message = "never reported"
        graph_only = False

        def visit_Call(self, node: cst.Call) -> None:
            site = self.ctx.driver.call(node)
            if site is not None and site.model is not None:
                asked.append(site.model)

    _lint_script(tmp_path, LATE_MODE_SCRIPT, [*all_rules(), EagerDriverRule])
    assert driver_collections == ["shared walk", "own walk"]
    assert asked == ["m"]


def test_the_shared_walk_collects_what_the_driver_models_own_walk_does(monkeypatch) -> None:
    # The engine hands the driver model only the node classes it collects from (DRIVER_TYPES):
    # every performance rule example gives the same findings from either walk.
    import textwrap

    from torchlint.lint.engine import lint_text
    from torchlint.lint.registry import all_rules

    rules = all_rules()
    later = [rule for rule in rules if rule.after_traversal]
    examples = [
        textwrap.dedent(example.code) for rule in later for example in (*rule.INVALID, *rule.VALID)
    ]
    assert len(examples) > 20

    def findings() -> list[list[tuple[str, int]]]:
        return [
            [(d.code, d.line) for d in lint_text("/virtual/driver.py", code).diagnostics]
            for code in examples
        ]

    shared = findings()
    for rule in later:
        monkeypatch.setattr(rule, "after_traversal", False)  # asks mid-walk: its own walk
    assert findings() == shared
    assert sum(map(len, shared)) > 10
