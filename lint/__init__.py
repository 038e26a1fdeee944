"""The framework: everything between a path and a Diagnostic that is not a rule."""
