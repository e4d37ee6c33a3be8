"""Players: who is playing, accounts, follows, sync, streaks and leaderboards."""
