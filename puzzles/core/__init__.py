"""What every domain shares: the vocabulary, the refusals, rate limits and one-at-a-time locks,
text safety, the engine's sentences in words, health and the periodic schedule."""
