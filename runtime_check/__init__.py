"""Runtime verification: run a model through real torch back-ends in a child process."""
