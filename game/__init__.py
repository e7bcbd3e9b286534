"""The pygame-ce game: scenes, input, rendering, animation. Asks `rules` what is legal."""
