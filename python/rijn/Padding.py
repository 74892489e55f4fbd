"""PyCryptodome's Crypto.Util.Padding: pad / unpad with PKCS#7 (default),
ANSI X9.23 ('x923') or ISO/IEC 7816-4 ('iso7816') padding, the same bytes
and the same ValueError messages. Used with rijn.AES.new(key,
rijn.AES.MODE_CBC, iv) as with PyCryptodome."""

__all__ = ["pad", "unpad"]


def pad(data_to_pad, block_size, style="pkcs7"):
    """data_to_pad plus 1..block_size bytes of padding (style pkcs7, x923, iso7816)."""
    padding_len = block_size - len(data_to_pad) % block_size
    if style == "pkcs7":
        padding = bytes([padding_len]) * padding_len
    elif style == "x923":
        padding = bytes(padding_len - 1) + bytes([padding_len])
    elif style == "iso7816":
        padding = b"\x80" + bytes(padding_len - 1)
    else:
        raise ValueError("Unknown padding style")
    return bytes(data_to_pad) + padding


def unpad(padded_data, block_size, style="pkcs7"):
    """Remove the padding; ValueError if it is wrong (not authenticated: a
    padding oracle if the error is visible to an attacker)."""
    pdata_len = len(padded_data)
    if pdata_len == 0:
        raise ValueError("Zero-length input cannot be unpadded")
    if pdata_len % block_size:
        raise ValueError("Input data is not padded")
    padded_data = bytes(padded_data)
    if style in ("pkcs7", "x923"):
        padding_len = padded_data[-1]
        if padding_len < 1 or padding_len > min(block_size, pdata_len):
            raise ValueError("Padding is incorrect.")
        if style == "pkcs7":
            if padded_data[-padding_len:] != bytes([padding_len]) * padding_len:
                raise ValueError("PKCS#7 padding is incorrect.")
        else:
            if padded_data[-padding_len:-1] != bytes(padding_len - 1):
                raise ValueError("ANSI X.923 padding is incorrect.")
    elif style == "iso7816":
        padding_len = pdata_len - padded_data.rfind(b"\x80")
        if padding_len < 1 or padding_len > min(block_size, pdata_len):
            raise ValueError("Padding is incorrect.")
        if padding_len > 1 and padded_data[1 - padding_len:] != bytes(padding_len - 1):
            raise ValueError("ISO 7816-4 padding is incorrect.")
    else:
        raise ValueError("Unknown padding style")
    return padded_data[:-padding_len]
