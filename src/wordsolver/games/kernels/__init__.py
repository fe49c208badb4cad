"""The rules' compiled kernels, one module per rule, loaded only when feedback is computed."""
