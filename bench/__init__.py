"""Performance figures (``python -m bench``). Benchmarks are not tests: nothing here asserts."""
