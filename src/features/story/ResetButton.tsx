import { useAppStoreApi } from '../../store/StoreContext.tsx';

/** Empties both sets and the log; the delay, clock and id controls stay as they are. */
export function ResetButton() {
  const store = useAppStoreApi();
  return (
    <button type="button" className="secondary" onClick={() => store.getState().reset()}>
      Reset
    </button>
  );
}
