//! Go on any finite undirected graph, for 2 to 8 players.
