"""Small real models for the runtime verifier's tests, one behaviour each."""
