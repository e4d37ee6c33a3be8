"""Benchmarks: scripts that print figures (`python -m benchmarks.<name>` from the repository
root; the README lists them). Not part of the product: the wheel does not ship them."""
