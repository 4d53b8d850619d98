import { Link } from '@tanstack/react-router';

export const NO_SIGNATURE = '该环节需要签名，请先在「我的」中设置签名';

/** 办理 on a node that asks for a signature: the one from 我的 that goes with the decision, or where to set one. */
export function SignatureNote({ signImg }: { signImg: string | null }) {
  return (
    <div className="flow-field flow-signature" aria-label="签名">
      <span className="flow-field-label">
        签名<span className="flow-required">*</span>
      </span>
      {signImg ? (
        <>
          <img className="flow-signature-img" src={signImg} alt="我的签名" />
          <small className="flow-hint">该环节需要签名，提交时将附上以上签名</small>
        </>
      ) : (
        <p className="flow-signature-missing" role="alert">
          {NO_SIGNATURE}
          <Link to="/myCenter/index" className="flow-link">
            去设置
          </Link>
        </p>
      )}
    </div>
  );
}
