"""pytest plugin entry point (``pytest11``) for the runtime verifier."""
