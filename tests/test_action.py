"""The GitHub Action (action.yml): its inputs, steps and outputs refer to each other consistently,
and its scripts, run the way a runner runs them, lint, write SARIF and annotate."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any, Optional

import pytest

yaml = pytest.importorskip("yaml")

ROOT = Path(__file__).resolve().parent.parent
EXPRESSION = re.compile(r"\$\{\{\s*(.*?)\s*\}\}")
CONTEXT = re.compile(r"\b(inputs|steps|github)\.([A-Za-z0-9_.-]+)")
# The only `if:` form the simulated runner below evaluates.
CONDITION = re.compile(r"^inputs\.([A-Za-z0-9_-]+) (==|!=) '([^']*)'$")
NET = """\
from torch import nn


class Net(nn.Module):
    def forward(self, x):
        print("forward")
        return x
"""


@pytest.fixture(scope="module")
def action() -> dict[str, Any]:
    return yaml.safe_load((ROOT / "action.yml").read_text())


def expressions(value: Any) -> list[str]:
    """Every ``${{ ... }}`` inside ``value`` (strings, lists and mappings, walked)."""
    if isinstance(value, str):
        return EXPRESSION.findall(value)
    if isinstance(value, dict):
        return [e for v in value.values() for e in expressions(v)]
    if isinstance(value, list):
        return [e for v in value for e in expressions(v)]
    return []


def step_expressions(step: dict[str, Any]) -> list[str]:
    found = expressions({k: v for k, v in step.items() if k != "if"})
    return found + ([step["if"]] if "if" in step else [])


def test_action_is_composite_with_named_steps(action: dict[str, Any]) -> None:
    assert action["runs"]["using"] == "composite"
    assert action["name"] and action["description"]
    for step in action["runs"]["steps"]:
        assert step.get("name"), step
        assert ("run" in step) != ("uses" in step), step
        if "run" in step:
            assert step.get("shell") == "bash", step  # composite run steps must name a shell
            # Inputs reach scripts through env: text pasted into a script could inject commands.
            assert "${{" not in step["run"], step["name"]
        else:
            assert re.fullmatch(r"[\w.-]+/[\w./-]+@v\d+", step["uses"]), step["uses"]


def test_inputs_steps_and_outputs_refer_to_each_other(action: dict[str, Any]) -> None:
    declared = action["inputs"]
    for name, spec in declared.items():
        assert spec.get("description"), name
        assert isinstance(spec.get("default"), str), name  # inputs are strings on a runner
    used: set[str] = set()
    seen_steps: dict[str, dict[str, Any]] = {}
    for step in action["runs"]["steps"]:
        for expression in step_expressions(step):
            for context, rest in CONTEXT.findall(expression):
                if context == "inputs":
                    assert rest in declared, f"{step['name']}: undeclared input {rest!r}"
                    used.add(rest)
                elif context == "steps":
                    step_id, kind, output = rest.split(".", 2)
                    assert kind == "outputs", rest
                    assert step_id in seen_steps, f"{step['name']}: step {step_id!r} runs later"
                    assert f'echo "{output}=' in seen_steps[step_id]["run"], rest
                else:
                    assert rest in {"action_path"}, rest
        if "id" in step:
            seen_steps[step["id"]] = step
    assert used == set(declared), f"declared but unused: {set(declared) - used}"
    for name, output in action["outputs"].items():
        (step_id, output_name) = re.fullmatch(
            r"\$\{\{ steps\.([\w-]+)\.outputs\.([\w-]+) \}\}", output["value"]
        ).groups()
        assert f'echo "{output_name}=' in seen_steps[step_id]["run"], name
    for step in action["runs"]["steps"]:
        if "if" in step:
            assert CONDITION.match(step["if"]), step["if"]


@pytest.mark.skipif(shutil.which("shellcheck") is None, reason="shellcheck is not installed")
def test_action_scripts_pass_shellcheck(action: dict[str, Any], tmp_path: Path) -> None:
    for number, step in enumerate(action["runs"]["steps"]):
        if "run" in step:
            script = tmp_path / f"step-{number}.sh"
            script.write_text("#!/bin/bash\n" + step["run"])
            result = subprocess.run(["shellcheck", str(script)], capture_output=True, text=True)
            assert result.returncode == 0, (step["name"], result.stdout)


def evaluate(expression: str, inputs: dict[str, str], outputs: dict[str, dict[str, str]]) -> str:
    context, rest = CONTEXT.fullmatch(expression).groups()
    if context == "inputs":
        return inputs[rest]
    if context == "github":
        return str(ROOT)  # github.action_path: the action's checkout
    step_id, _, output = rest.split(".", 2)
    return outputs.get(step_id, {}).get(output, "")


def simulate(
    action: dict[str, Any], workspace: Path, tmp: Path, **given: str
) -> tuple[int, str, list[dict[str, Any]]]:
    """Run the action's steps as a runner does: ``${{ }}`` filled in, each ``run`` under
    ``bash -eo pipefail`` in the workspace, outputs passed on through ``$GITHUB_OUTPUT``. The
    install step is replaced by this environment's torchlint (installing needs the network);
    ``uses`` steps are recorded with their ``with`` evaluated. Returns the exit status of the
    step that stopped the run (0: none), the output of the run steps and the ``uses`` steps."""
    inputs = {name: spec["default"] for name, spec in action["inputs"].items()}
    inputs.update({name.replace("_", "-"): value for name, value in given.items()})
    outputs: dict[str, dict[str, str]] = {
        "install": {"torchlint": shutil.which("torchlint", path=os.path.dirname(sys.executable))}
    }
    log: list[str] = []
    used: list[dict[str, Any]] = []
    for number, step in enumerate(action["runs"]["steps"]):
        if "if" in step:
            name, operator, literal = CONDITION.match(step["if"]).groups()
            if (inputs[name] == literal) != (operator == "=="):
                continue
        if step.get("id") == "install":
            continue

        def fill(value: str) -> str:
            return EXPRESSION.sub(lambda m: evaluate(m.group(1), inputs, outputs), value)

        if "uses" in step:
            used.append({"uses": step["uses"], **{k: fill(v) for k, v in step["with"].items()}})
            continue
        output_file = tmp / f"output-{number}"
        output_file.write_text("")
        script = tmp / f"step-{number}.sh"
        script.write_text(step["run"])
        env = dict(os.environ, GITHUB_OUTPUT=str(output_file), RUNNER_TEMP=str(tmp))
        env.update({k: fill(v) for k, v in step.get("env", {}).items()})
        result = subprocess.run(
            ["bash", "--noprofile", "--norc", "-eo", "pipefail", str(script)],
            cwd=workspace, env=env, capture_output=True, text=True, timeout=300,
        )  # fmt: skip
        log.append(result.stdout + result.stderr)
        lines = output_file.read_text().splitlines()
        outputs[step.get("id", str(number))] = dict(line.split("=", 1) for line in lines)
        if result.returncode != 0:
            return result.returncode, "\n".join(log), used
    return 0, "\n".join(log), used


@pytest.fixture
def workspace(tmp_path: Path) -> Path:
    folder = tmp_path / "repo"
    (folder / "src").mkdir(parents=True)
    (folder / "src" / "net.py").write_text(NET)
    (folder / "src" / "clean.py").write_text("x = 1\n")
    return folder


def sarif_results(path: Path) -> list[tuple[str, str, int]]:
    log = json.loads(path.read_text())
    return [
        (
            r["ruleId"],
            r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"],
            r["locations"][0]["physicalLocation"]["region"]["startLine"],
        )
        for run in log["runs"]
        for r in run["results"]
    ]


def test_action_writes_sarif_uploads_it_and_fails_on_findings(
    action: dict[str, Any], workspace: Path, tmp_path: Path
) -> None:
    status, log, used = simulate(action, workspace, tmp_path)
    assert status == 1, log  # the annotations step: findings fail the job
    assert "::error file=src/net.py,line=6," in log and "TL301" in log
    assert sarif_results(workspace / "torchlint.sarif") == [("TL301", "src/net.py", 6)]
    assert used == [
        {
            "uses": "github/codeql-action/upload-sarif@v3",
            "sarif_file": "torchlint.sarif",
            "category": "torchlint",
        }
    ]


def test_action_inputs_reach_torchlint(
    action: dict[str, Any], workspace: Path, tmp_path: Path
) -> None:
    status, log, used = simulate(
        action,
        workspace,
        tmp_path,
        paths="src/clean.py src/net.py",
        args="--target script",
        sarif_file="out/report.sarif",
        upload_sarif="false",
    )
    # TL301 breaks compile only: with --target script nothing is left, so the run passes.
    assert status == 0, log
    assert "::error" not in log
    assert sarif_results(workspace / "out" / "report.sarif") == []
    assert used == []

    status, log, _ = simulate(action, workspace, tmp_path, fail_on_findings="false")
    assert status == 0 and "::error file=src/net.py" in log, log


def test_action_stops_on_a_usage_error(
    action: dict[str, Any], workspace: Path, tmp_path: Path
) -> None:
    status, log, used = simulate(action, workspace, tmp_path, args="--select TL9999")
    assert status == 2, log
    assert "TL9999" in log and not (workspace / "torchlint.sarif").exists()
    assert used == []  # nothing to upload: the SARIF step stopped the job


def readme_workflow(heading: str) -> Optional[dict[str, Any]]:
    text = (ROOT / "README.md").read_text()
    start = text.index(heading)
    match = re.compile(r"```yaml\n(.*?)```", re.S).search(text, start)
    return yaml.safe_load(match.group(1)) if match else None


def test_readme_workflow_uses_the_action_with_declared_inputs(action: dict[str, Any]) -> None:
    workflow = readme_workflow("## GitHub Actions")
    steps = [s for job in workflow["jobs"].values() for s in job["steps"]]
    ours = [s for s in steps if s.get("uses", "").split("@")[0].endswith("/torchlint")]
    assert ours, steps
    for step in ours:
        assert re.fullmatch(r"[\w-]+/torchlint@v\d+\.\d+\.\d+", step["uses"]), step["uses"]
        assert set(step.get("with", {})) <= set(action["inputs"]), step["with"]
    permissions = next(iter(workflow["jobs"].values()))["permissions"]
    assert permissions["security-events"] == "write"
