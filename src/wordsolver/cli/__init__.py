"""The command-line interface: thin adapters from arguments to the library and back to text."""
