"""Pages, one module per part of the site: the game, the guide, the builder and community.
Each page embeds what its script needs (regions, never the solution; the limits it obeys)."""
