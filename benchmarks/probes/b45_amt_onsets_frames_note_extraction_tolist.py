# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class ConvStack(nn.Module):
    def __init__(self, n_mels, out_features):
        super().__init__()
        self.cnn = nn.Sequential(
            nn.Conv2d(1, 4, 3, padding=1), nn.BatchNorm2d(4), nn.ReLU(),
            nn.Conv2d(4, 4, 3, padding=1), nn.BatchNorm2d(4), nn.ReLU(),
            nn.MaxPool2d((1, 2)),
        )
        self.fc = nn.Linear(4 * (n_mels // 2), out_features)

    def forward(self, mel):
        x = self.cnn(mel.unsqueeze(1))  # b, c, t, f
        x = x.transpose(1, 2).flatten(-2)
        return self.fc(x)


def extract_notes(onsets, frames, onset_threshold=0.5, frame_threshold=0.5):
    """Turn frame-level posteriors into (pitch, onset frame, offset frame) rows."""
    onsets = (onsets > onset_threshold).to(torch.uint8)
    frames = (frames > frame_threshold).to(torch.uint8)
    onset_diff = torch.cat([onsets[:1, :], onsets[1:, :] - onsets[:-1, :]], dim=0) == 1
    notes = []
    for nonzero in onset_diff.nonzero():
        frame = nonzero[0].item()
        pitch = nonzero[1].item()
        onset = frame
        offset = frame
        while onsets[offset, pitch].item() or frames[offset, pitch].item():
            offset += 1
            if offset == onsets.shape[0]:
                break
        if offset > onset:
            notes.append([pitch, onset, offset])
    return torch.tensor(notes, dtype=torch.long).reshape(-1, 3)


class OnsetsAndFrames(nn.Module):
    def __init__(self, n_mels=8, n_keys=6, hidden=12):
        super().__init__()
        self.onset_stack = nn.Sequential(ConvStack(n_mels, hidden), nn.Linear(hidden, n_keys), nn.Sigmoid())
        self.frame_stack = nn.Sequential(ConvStack(n_mels, hidden), nn.Linear(hidden, n_keys), nn.Sigmoid())
        self.combined = nn.Linear(2 * n_keys, n_keys)

    def forward(self, mel):
        onset_pred = self.onset_stack(mel)
        activation = self.frame_stack(mel)
        frame_pred = torch.sigmoid(self.combined(torch.cat([onset_pred.detach(), activation], dim=-1)))
        return [extract_notes(o, f) for o, f in zip(onset_pred, frame_pred)]


Model = OnsetsAndFrames


def inputs():
    torch.manual_seed(4507)
    return [(torch.randn(1, 10, 8) * 3,), (torch.randn(1, 10, 8) * 3,), (torch.randn(2, 7, 8) * 3,)]
