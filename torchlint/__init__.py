"""torchlint: get PyTorch code ready for torch.compile, torch.export and TorchScript."""

__version__ = "0.1.0"
